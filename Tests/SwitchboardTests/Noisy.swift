// SPDX-License-Identifier: Apache-2.0
/// Runs `onDeinit` when freed: an object whose deinit reaches back into the engine (the hostile suites capture
/// one in actions, observers and values to see when, and from where, the engine lets go of them).
final class Noisy {
    let onDeinit: @MainActor () -> Void
    init(_ onDeinit: @escaping @MainActor () -> Void = {}) { self.onDeinit = onDeinit }
    isolated deinit { onDeinit() }
}

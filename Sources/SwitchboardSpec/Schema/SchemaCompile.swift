// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import SwitchboardSchema
import Synchronization

/// A schema's validator compiled on another thread while the form is mapped from the same document: neither needs
/// the other until the form starts, and on a schema of 2,000 properties each takes about as long as the other.
final class SchemaCompile: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<JSONSchema, SchemaError>?>(nil)

    /// Starts `compile` on a thread of the system's pool (8 MB of stack, as the main thread).
    init(_ compile: @escaping @Sendable () throws(SchemaError) -> JSONSchema) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome = Result { () throws(SchemaError) in try compile() }
            result.withLock { $0 = outcome }
            done.signal()
        }
    }

    /// A schema already compiled: `wait()` returns it at once.
    init(done schema: JSONSchema) {
        result.withLock { $0 = .success(schema) }
        done.signal()
    }

    /// The compiled schema, once the compilation has ended; its error if it failed.
    func wait() throws(SchemaError) -> JSONSchema {
        done.wait()
        done.signal()   // a second wait returns at once
        guard let outcome = result.withLock({ $0 }) else { preconditionFailure("signalled without a result") }
        return try outcome.get()
    }
}

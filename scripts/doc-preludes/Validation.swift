// SPDX-License-Identifier: GPL-3.0-or-later
// What the fragments of Validation.md use (scripts/check-docs.py).
import SwitchboardSchema

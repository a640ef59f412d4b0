// Module SwitchboardRules: see README.md, "Architecture".
@_exported import Switchboard

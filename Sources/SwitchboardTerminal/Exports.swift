// Module SwitchboardTerminal: see README.md, "Architecture".
@_exported import Switchboard

// Module SwitchboardSpec: see README.md, "Architecture".
@_exported import Switchboard

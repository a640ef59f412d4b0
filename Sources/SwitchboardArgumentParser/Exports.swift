// Module SwitchboardArgumentParser: see README.md, "Architecture", and Documentation/SwitchboardArgumentParser.md.
@_exported import SwitchboardRules

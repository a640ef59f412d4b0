print("switchboard: not built yet")

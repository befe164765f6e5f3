"""The widgets of the duel screen: board zones, the action list, one-line texts."""

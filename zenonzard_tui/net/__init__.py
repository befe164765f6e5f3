"""Duels over the network: a server that holds the game (the only judge), rooms joined by a code,
one WebSocket per seat or spectator, reconnects, and rooms that outlive a restart.

- `protocol`: the messages (JSON objects, one per WebSocket text frame), their checks and errors;
  the whole protocol is docs/protocol.md.
- `rooms`: rooms, their codes and seat tokens, and the room files in the server's data folder.
- `server`: the asyncio server (the `websockets` library) and its limits.
- `remote`: a seat or spectator channel over a connection, for the client and the bot.
"""

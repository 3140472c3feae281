"""The play server (DESIGN 2.4): games stored in SQLite or PostgreSQL, played over HTTP and
WebSocket by browsers (one secret link per seat) and by bots running in the server.

``store`` keeps games (the action log is the source of truth), ``service`` plays them through the
game contract, ``live`` pushes changes and runs the bots, ``app`` is the HTTP API and ``run`` starts
it with uvicorn. The server never interprets a game: it stores, routes and calls the contract.
"""

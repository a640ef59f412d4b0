#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A schema server on 127.0.0.1 for `check --fetch`'s tests (SchemaFetchTests): prints its port, then serves until
standard input closes (the test ends it), at most 120 seconds. Paths:
  /schema.json   a schema whose $ref names /defs.json (relative)      /defs.json   its definitions
  /redirect      302 to /schema.json                                  /loop        302 to itself
  /to-file       302 to file:///etc/passwd
  /missing       404                                                   /text        200, not JSON
  /huge.json     200, 20 MB of JSON-looking bytes                      /slow.json   answers after 30 seconds
  /trickle.json  a schema sent a byte every half second
  /local-ref.json  a schema whose $ref names a local file               /array.json  200, JSON that is no schema
  /count         how many requests /schema.json has had (the cache's test)"""
import http.server
import json
import os
import socketserver
import sys
import threading
import time

hits = {"schema": 0}
SCHEMA = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
          "properties": {"port": {"$ref": "defs.json#/definitions/port"}}}
DEFS = {"definitions": {"port": {"type": "integer", "minimum": 1024}}}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        if path == "/schema.json":
            hits["schema"] += 1
            self.answer(200, json.dumps(SCHEMA).encode())
        elif path == "/defs.json":
            self.answer(200, json.dumps(DEFS).encode())
        elif path == "/local-ref.json":
            self.answer(200, json.dumps({"properties": {"a": {"$ref": "file:///etc/passwd"}}}).encode())
        elif path == "/array.json":
            self.answer(200, b"[1, 2]")
        elif path == "/redirect":
            self.answer(302, b"", headers=[("Location", "/schema.json")])
        elif path == "/loop":
            self.answer(302, b"", headers=[("Location", "/loop")])
        elif path == "/to-file":
            self.answer(302, b"", headers=[("Location", "file:///etc/passwd")])
        elif path == "/missing":
            self.answer(404, b"not here", "text/plain")
        elif path == "/text":
            self.answer(200, b"<html>a page, not a schema</html>", "text/html")
        elif path == "/count":
            self.answer(200, str(hits["schema"]).encode(), "text/plain")
        elif path == "/huge.json":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            chunk = b"[" + b"0," * 65536
            try:
                for _ in range(160):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/trickle.json":
            # A byte every half second: URLSession's timeouts restart with each byte; the fetch's deadline does not.
            body = json.dumps(SCHEMA).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.5)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/slow.json":
            time.sleep(30)
            self.answer(200, json.dumps(SCHEMA).encode())
        else:
            self.answer(404, b"", "text/plain")


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
deadline = threading.Timer(120, lambda: os._exit(0))
deadline.daemon = True
deadline.start()
sys.stdin.read()

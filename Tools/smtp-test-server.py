#!/usr/bin/env python3
"""A throwaway SMTP server for tests (Debian's python3-aiosmtpd), on 127.0.0.1.

    smtp-test-server.py --mode accept|refuse|tempfail|stall --folder DIR [--port 0] [--port-file FILE]
                        [--user NAME --password SECRET] [--cert PEM --key PEM [--implicit-tls]]
                        [--stop-on-eof]

It prints the port it bound on stdout (one line) and, with --port-file, writes it there too (written
whole, then renamed, so a reader never sees half a number). It runs until SIGTERM or SIGINT, or, with
--stop-on-eof, until its stdin closes (a test passes a pipe, so a crashed test leaves no server behind).

Modes:
  accept    takes every message: 250 "2.0.0 Ok: queued as NAME" after DATA, NAME being its file.
  refuse    refuses every message after DATA: 550 "5.7.1 Message refused by the test server".
  tempfail  answers every RCPT TO with 451 "4.3.0 Try again later (test server)".
  stall     accepts connections and never answers (no greeting at all).

Every message the server takes (accept mode) is one JSON file in DIR, named
<nanoseconds since the epoch>-<count>.json so names sort in arrival order, written to a hidden
temporary name first and renamed, so a reader never sees a partial file:
  {"mail_from": "a@example.com",          the envelope sender (MAIL FROM), "" for <>
   "rcpt_tos": ["b@example.com"],          the envelope recipients (RCPT TO), in order
   "data": "From: ...\r\n...",             the message as received (dot-stuffing undone), as UTF-8
                                           text (invalid bytes replaced)
   "data_base64": "...",                   the exact bytes of the message
   "tls": false,                           whether the session ran over TLS (STARTTLS or implicit)
   "login": null}                          the user name it authenticated as, if it did

--user/--password: the server offers AUTH (PLAIN, LOGIN) without TLS, requires it before MAIL, and
takes only that user and password (535 otherwise).
--cert/--key: the server offers STARTTLS with that certificate; with --implicit-tls it speaks TLS from
the first byte instead (smtps://).
"""

import argparse
import asyncio
import base64
import json
import logging
import os
import signal
import ssl
import sys
import threading
import time
import warnings

try:
    from aiosmtpd.smtp import SMTP, AuthResult
except ImportError:
    # Debian installs python3-aiosmtpd for the system interpreter; another python3 first on PATH
    # (pyenv, a virtualenv) does not see it.
    system = "/usr/bin/python3"
    if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
        os.execv(system, [system, os.path.abspath(__file__), *sys.argv[1:]])
    sys.exit("smtp-test-server: aiosmtpd is not installed (Tools/bootstrap installs python3-aiosmtpd)")


class Handler:
    def __init__(self, mode, folder):
        self.mode = mode
        self.folder = folder
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.mode == "tempfail":
            return "451 4.3.0 Try again later (test server)"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.mode == "refuse":
            return "550 5.7.1 Message refused by the test server"
        self.count += 1
        name = f"{time.time_ns()}-{self.count:06}.json"
        content = envelope.original_content
        login = None
        if session.authenticated and session.auth_data is not None:
            login = session.auth_data.login.decode("utf-8", "replace")
        transport = server.transport
        tls = session.ssl is not None or (
            transport is not None and transport.get_extra_info("ssl_object") is not None)
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "data": content.decode("utf-8", "replace"),
            "data_base64": base64.b64encode(content).decode("ascii"),
            "tls": tls,
            "login": login,
        }
        temporary = os.path.join(self.folder, "." + name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(record, file)
        os.rename(temporary, os.path.join(self.folder, name))
        return f"250 2.0.0 Ok: queued as {name}"


def authenticator(user, password):
    def check(server, session, envelope, mechanism, auth_data):
        okay = (
            auth_data is not None
            and auth_data.login == user.encode()
            and auth_data.password == password.encode())
        # handled=False: aiosmtpd answers 535 itself when it fails.
        return AuthResult(success=okay, handled=False, auth_data=auth_data)
    return check


def write_port(path, port):
    temporary = path + ".tmp"
    with open(temporary, "w") as file:
        file.write(f"{port}\n")
    os.rename(temporary, path)


async def stall(reader, writer):
    # Hold the connection open, say nothing, until the client gives up.
    try:
        await reader.read()
    finally:
        writer.close()


async def serve(arguments):
    loop = asyncio.get_running_loop()
    tls = None
    if arguments.cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(arguments.cert, arguments.key)
    if arguments.mode == "stall":
        server = await asyncio.start_server(stall, "127.0.0.1", arguments.port)
    else:
        handler = Handler(arguments.mode, arguments.folder)
        auth = arguments.user is not None

        def protocol():
            return SMTP(
                handler,
                hostname="kith-test-smtp",
                tls_context=None if arguments.implicit_tls else tls,
                auth_required=auth,
                auth_require_tls=False,
                authenticator=authenticator(arguments.user, arguments.password) if auth else None,
            )

        server = await loop.create_server(
            protocol, "127.0.0.1", arguments.port, ssl=tls if arguments.implicit_tls else None)
    port = server.sockets[0].getsockname()[1]
    if arguments.port_file:
        write_port(arguments.port_file, port)
    print(port, flush=True)

    done = asyncio.Event()
    # A parent may start this with signals blocked (Foundation's Process from a libdispatch thread does),
    # and a blocked SIGTERM would never stop it.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, done.set)
    if arguments.stop_on_eof:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            loop.call_soon_threadsafe(done.set)
        threading.Thread(target=watch, daemon=True).start()
    await done.wait()
    server.close()


def main():
    parser = argparse.ArgumentParser(description="A throwaway SMTP server for tests.")
    parser.add_argument("--mode", choices=["accept", "refuse", "tempfail", "stall"], default="accept")
    parser.add_argument("--folder", help="where accepted messages are written, one JSON file each")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--port-file", help="a file to write the bound port to")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--cert", help="a PEM certificate: offer STARTTLS (or --implicit-tls)")
    parser.add_argument("--key", help="the certificate's PEM private key")
    parser.add_argument("--implicit-tls", action="store_true", help="TLS from the first byte (smtps://)")
    parser.add_argument("--stop-on-eof", action="store_true", help="stop when stdin closes")
    arguments = parser.parse_args()
    if arguments.mode == "accept" and not arguments.folder:
        parser.error("accept mode needs --folder")
    if (arguments.user is None) != (arguments.password is None):
        parser.error("--user and --password go together")
    if (arguments.cert is None) != (arguments.key is None):
        parser.error("--cert and --key go together")
    if arguments.implicit_tls and not arguments.cert:
        parser.error("--implicit-tls needs --cert and --key")
    if arguments.folder:
        os.makedirs(arguments.folder, exist_ok=True)
    # aiosmtpd warns at every connection that AUTH without TLS is unsafe: on 127.0.0.1 in tests it is fine.
    logging.basicConfig(level=logging.ERROR)
    warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
    asyncio.run(serve(arguments))


if __name__ == "__main__":
    main()

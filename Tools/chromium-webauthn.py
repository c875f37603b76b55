#!/usr/bin/env python3
"""Drives a real, headless Chromium with a virtual passkey authenticator, for the passkey page's tests.

Chromium runs with `--remote-debugging-pipe`: DevTools protocol messages are JSON, each ended by a NUL byte, written
to its descriptor 3 and read from its descriptor 4, so the standard library is enough (no websocket). One page target
gets `WebAuthn.enable` and `WebAuthn.addVirtualAuthenticator` (CTAP2, internal transport, resident keys, user
verification that always succeeds, presence simulated), so `navigator.credentials.create()` and `.get()` succeed
without a person.

Commands, one per line on standard input; one JSON line answers each on standard output:
  open URL      navigate there, wait for the page's #status to become "done" or "failed":
                {"status": "done"|"failed"|"timeout", "text": "..."}
  credentials   the authenticator's credentials: {"credentials": [{"rpId", "userName", "signCount", ...}]}
The first line printed is {"ready": true, "browser": "Chrome/..."}, or {"error": "..."} when Chromium could not be
started or driven (its own log's last lines included). End of input closes Chromium.
"""
import argparse
import json
import os
import select
import subprocess
import sys
import time


class DevTools:
    def __init__(self, chromium, profile, log):
        to_chromium_read, self.to_chromium = os.pipe()
        self.from_chromium, from_chromium_write = os.pipe()

        def descriptors_3_and_4():
            # dup first: os.pipe() may itself have returned 3 or 4, and dup2 onto the same number keeps CLOEXEC.
            commands, answers = os.dup(to_chromium_read), os.dup(from_chromium_write)
            os.dup2(commands, 3)
            os.dup2(answers, 4)

        self.process = subprocess.Popen(
            [
                chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--password-store=basic",
                "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank",
            ],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, close_fds=False, preexec_fn=descriptors_3_and_4,
        )
        os.close(to_chromium_read)
        os.close(from_chromium_write)
        self.buffer = b""
        self.last_id = 0

    def call(self, method, params=None, session=None, timeout=30):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            for answer in self.messages(deadline, method):
                if answer.get("id") == self.last_id:
                    if "error" in answer:
                        raise RuntimeError(method + ": " + json.dumps(answer["error"]))
                    return answer.get("result", {})
                # Events are not needed: the page's state is read instead.

    def messages(self, deadline, method):
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0:
                raise RuntimeError(method + ": no answer from Chromium")
            ready, _, _ = select.select([self.from_chromium], [], [], left)
            if ready:
                chunk = os.read(self.from_chromium, 1 << 16)
                if not chunk:
                    raise RuntimeError(method + ": Chromium closed its DevTools pipe (it exited)")
                self.buffer += chunk
        *whole, self.buffer = self.buffer.split(b"\0")
        return [json.loads(part) for part in whole]

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


STATUS = (
    "(() => { const s = document.getElementById('status');"
    " return [location.href, s ? s.className : '', s ? s.textContent : '']; })()"
)


def open_page(tools, session, url, timeout):
    tools.call("Page.navigate", {"url": url}, session)
    deadline = time.time() + timeout
    text = ""
    while time.time() < deadline:
        result = tools.call("Runtime.evaluate", {"expression": STATUS, "returnByValue": True}, session)
        value = result.get("result", {}).get("value")
        if value and value[0] == url:
            text = value[2]
            if value[1] in ("done", "failed"):
                return {"status": value[1], "text": text}
        time.sleep(0.05)
    return {"status": "timeout", "text": text}


def say(value):
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def log_tail(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            lines = [line for line in file.read().splitlines() if "dbus" not in line]
        return "\n".join(lines[-15:])
    except OSError:
        return ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--profile", required=True, help="an empty folder for Chromium's profile and log")
    parser.add_argument("--page-timeout", type=float, default=60)
    options = parser.parse_args()
    log_path = os.path.join(options.profile, "chromium.log")
    with open(log_path, "wb") as log:
        try:
            tools = DevTools(options.chromium, os.path.join(options.profile, "user-data"), log)
        except OSError as error:
            say({"error": "Chromium did not start: %s" % error})
            return 1
        try:
            version = tools.call("Browser.getVersion")
            pages = [t for t in tools.call("Target.getTargets")["targetInfos"] if t["type"] == "page"]
            if not pages:
                pages = [{"targetId": tools.call("Target.createTarget", {"url": "about:blank"})["targetId"]}]
            session = tools.call("Target.attachToTarget", {"targetId": pages[0]["targetId"], "flatten": True})[
                "sessionId"]
            tools.call("Page.enable", {}, session)
            tools.call("WebAuthn.enable", {"enableUI": False}, session)
            authenticator = tools.call("WebAuthn.addVirtualAuthenticator", {"options": {
                "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
                "isUserVerified": True, "automaticPresenceSimulation": True,
            }}, session)["authenticatorId"]
            say({"ready": True, "browser": version.get("product", "")})
            for line in sys.stdin:
                command, _, argument = line.strip().partition(" ")
                if command == "open":
                    say(open_page(tools, session, argument, options.page_timeout))
                elif command == "credentials":
                    found = tools.call("WebAuthn.getCredentials", {"authenticatorId": authenticator}, session)
                    say({"credentials": [
                        {key: value for key, value in credential.items() if key != "privateKey"}
                        for credential in found.get("credentials", [])
                    ]})
                elif command:
                    say({"error": "unknown command " + command})
        except Exception as error:  # any failure is reported with Chromium's own words
            say({"error": str(error), "log": log_tail(log_path)})
            tools.process.kill()
            tools.process.wait()
            return 1
        tools.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

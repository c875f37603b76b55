
/// The one page the loopback server serves: it fetches the ceremony (`GET options`: `{ceremony: "create" | "get",
/// publicKey: OPTIONS}`, binary members base64url), turns base64url into ArrayBuffers, calls
/// `navigator.credentials.create()` or `.get()`, writes the answer back as `PublicKeyCredential` JSON (base64url, as
/// `toJSON()` does) and posts `{credential}` (or `{error: "Name: message"}`) to `result`, then says it is done once
/// Kith has used the credential (or shows the sentence Kith answered with).
///
/// Written out by hand rather than with `toJSON()` and `parseCreationOptionsFromJSON()`, which older browsers lack.
/// Paths are relative, so the page works under the server's secret folder. No outside script, style or image.
enum PasskeyPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Kith passkey</title>
        <style>
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 32em; margin: 4em auto; padding: 0 1em; }
        #status.failed { color: #b00020; }
        #status.done { color: #1b5e20; }
        </style>
        </head>
        <body>
        <h1>Kith</h1>
        <p id="status">Loading…</p>
        <script>
        "use strict";
        const statusLine = document.getElementById("status");

        function show(text, kind) {
          statusLine.textContent = text;
          statusLine.className = kind || "";
        }

        function fromBase64URL(text) {
          const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
          const binary = atob(base64);
          const bytes = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
          return bytes.buffer;
        }

        function toBase64URL(buffer) {
          const bytes = new Uint8Array(buffer);
          let binary = "";
          for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
          return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        }

        function descriptors(list) {
          return (list || []).map(d => Object.assign({}, d, { id: fromBase64URL(d.id) }));
        }

        function creationOptions(json) {
          const options = Object.assign({}, json);
          options.challenge = fromBase64URL(json.challenge);
          options.user = Object.assign({}, json.user, { id: fromBase64URL(json.user.id) });
          options.excludeCredentials = descriptors(json.excludeCredentials);
          return options;
        }

        function requestOptions(json) {
          const options = Object.assign({}, json);
          options.challenge = fromBase64URL(json.challenge);
          if (json.allowCredentials) options.allowCredentials = descriptors(json.allowCredentials);
          else delete options.allowCredentials;
          return options;
        }

        function credentialJSON(credential) {
          const response = credential.response;
          const json = {
            id: credential.id,
            rawId: toBase64URL(credential.rawId),
            type: credential.type,
            authenticatorAttachment: credential.authenticatorAttachment || null,
            clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
            response: { clientDataJSON: toBase64URL(response.clientDataJSON) },
          };
          if (response.attestationObject) {
            json.response.attestationObject = toBase64URL(response.attestationObject);
            json.response.transports = response.getTransports ? response.getTransports() : [];
          } else {
            json.response.authenticatorData = toBase64URL(response.authenticatorData);
            json.response.signature = toBase64URL(response.signature);
            json.response.userHandle = response.userHandle ? toBase64URL(response.userHandle) : null;
          }
          return json;
        }

        async function report(body) {
          const answer = await fetch("result", {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
          });
          if (!answer.ok) {
            const said = await answer.text();
            throw new Error(said || "Kith did not take the answer (" + answer.status + ")");
          }
        }

        async function run() {
          let ceremony;
          try {
            const answer = await fetch("options", { cache: "no-store" });
            if (!answer.ok) throw new Error("Kith is no longer waiting (" + answer.status + ")");
            ceremony = await answer.json();
          } catch (error) {
            show("Kith is no longer waiting for this page: run the command again. (" + error.message + ")", "failed");
            return;
          }
          show(ceremony.ceremony === "create"
            ? "Follow your browser to make a passkey for " + ceremony.publicKey.user.name + "…"
            : "Follow your browser to sign in to Kith with a passkey…");
          let credential;
          try {
            if (!window.PublicKeyCredential) throw new Error("This browser has no passkeys (WebAuthn).");
            credential = ceremony.ceremony === "create"
              ? await navigator.credentials.create({ publicKey: creationOptions(ceremony.publicKey) })
              : await navigator.credentials.get({ publicKey: requestOptions(ceremony.publicKey) });
            if (!credential) throw new Error("The browser gave no passkey.");
          } catch (error) {
            const text = (error.name || "Error") + ": " + error.message;
            show("The passkey did not work: " + text, "failed");
            try { await report({ error: text }); } catch (_) {}
            return;
          }
          show("Kith is finishing…");
          try {
            await report({ credential: credentialJSON(credential) });
            show("Done: you can close this tab and return to Kith.", "done");
          } catch (error) {
            show("Kith could not finish: " + error.message, "failed");
          }
        }

        run();
        </script>
        </body>
        </html>
        """#
}

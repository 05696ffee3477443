// A software passkey authenticator for API tests (no browser): an ES256 key pair from node:crypto,
// the client data and authenticator data a browser and authenticator would produce, and a 'none'
// attestation, so the server's real WebAuthn verification runs on what it gets.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const UP = 0x01; // user present
const UV = 0x04; // user verified
const BE = 0x08; // backup eligible
const BS = 0x10; // backed up
const AT = 0x40; // attested credential data follows

/** Base64url of bytes, whatever buffer they sit on. */
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

type Options = { challenge: string; user?: { id: string } };

export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  readonly credentialId = randomBytes(16);
  /** The signature counter; a test sets it back to play a cloned authenticator. */
  counter = 0;
  /** The user handle stored at registration (base64url), given back when signing in. */
  userHandle: string | undefined;

  constructor(
    readonly origin = "http://localhost:3000",
    readonly rpId = "localhost",
    readonly synced = false,
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
        [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
      ]),
    );
  }

  private authData(flags: number, attested: boolean, rpId = this.rpId): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [createHash("sha256").update(rpId).digest(), Buffer.from([flags]), counter];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers creation options as `startRegistration` would send it to the server. */
  register(options: Options, over: { origin?: string; challenge?: string; verified?: boolean } = {}) {
    this.userHandle = options.user?.id;
    const backup = this.synced ? BE | BS : 0;
    const flags = UP | AT | backup | (over.verified === false ? 0 : UV);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", this.authData(flags, true)],
      ]),
    );
    const clientDataJSON = this.clientData(
      "webauthn.create",
      over.challenge ?? options.challenge,
      over.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** Answers request options as `startAuthentication` would; each answer moves the counter on. */
  authenticate(options: Options, over: { origin?: string; rpId?: string; userHandle?: string } = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(UP | UV | (this.synced ? BE | BS : 0), false, over.rpId);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, over.origin ?? this.origin);
    const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
    const handle = over.userHandle ?? this.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        // ES256 signatures are DER-encoded in WebAuthn, which is what node:crypto makes.
        signature: b64(sign("sha256", signed, this.keys.privateKey)),
        ...(handle ? { userHandle: handle } : {}),
      },
    };
  }
}

//! The two parts of Web Push that are cryptography: the message sealed for one browser (RFC 8291, in RFC 8188's
//! `aes128gcm` with one record) and the VAPID token that says who sends it (RFC 8292).
//!
//! Written here on `p256`, `hkdf` and `aes-gcm` (already in the tree) rather than taken from a web-push crate: the one
//! we used brought a JWT library that compiled every signature algorithm (RSA, secp256k1, P-384, Ed25519) into each
//! build, for the one ES256 signature VAPID needs.

use aes_gcm::{
    aead::{Aead, KeyInit},
    Aes128Gcm,
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use hkdf::Hkdf;
use p256::{
    ecdsa::{signature::Signer, Signature, SigningKey},
    elliptic_curve::sec1::ToEncodedPoint,
    PublicKey, SecretKey,
};
use rand::{rngs::OsRng, RngCore};
use sha2::Sha256;

/// The record size the header states: the RFC's example's. A push is one record, and push services take at most
/// 4,096 bytes in all.
const RECORD_SIZE: usize = 4096;
/// The header before the record: salt (16), record size (4), key id length (1), our public key (65).
const HEADER: usize = 16 + 4 + 1 + 65;

/// `plain` sealed for the browser whose subscription gave `browser` (its `p256dh`) and `auth`, with a key pair and a
/// salt made for this message alone. (`None` cannot happen with these sizes; it stands for the libraries' errors.)
pub fn seal(plain: &[u8], browser: &PublicKey, auth: &[u8; 16]) -> Option<Vec<u8>> {
    let mut salt = [0u8; 16];
    OsRng.fill_bytes(&mut salt);
    seal_with(plain, browser, auth, &SecretKey::random(&mut OsRng), salt)
}

fn seal_with(plain: &[u8], browser: &PublicKey, auth: &[u8; 16], ours: &SecretKey, salt: [u8; 16]) -> Option<Vec<u8>> {
    let ours_public = ours.public_key().to_encoded_point(false);
    let browser_point = browser.to_encoded_point(false);
    let (key, nonce) = content_keys(ours, browser, auth, &salt, browser_point.as_bytes(), ours_public.as_bytes())?;
    // One record, the last: the text and the delimiter 2 (RFC 8188, section 2).
    let mut record = Vec::with_capacity(plain.len() + 1);
    record.extend_from_slice(plain);
    record.push(2);
    let sealed = Aes128Gcm::new(&key.into()).encrypt(&nonce.into(), record.as_slice()).ok()?;
    let size = u32::try_from(RECORD_SIZE.max(sealed.len())).unwrap_or(u32::MAX);
    let mut body = Vec::with_capacity(HEADER + sealed.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&size.to_be_bytes());
    body.push(ours_public.len() as u8);
    body.extend_from_slice(ours_public.as_bytes());
    body.extend_from_slice(&sealed);
    Some(body)
}

/// What the browser does with a push: its secret key and `auth` open the one record. The server never opens a push;
/// this is here so that tests read pushes as a browser does.
pub fn open(body: &[u8], browser: &SecretKey, auth: &[u8; 16]) -> Option<Vec<u8>> {
    let salt: [u8; 16] = body.get(..16)?.try_into().ok()?;
    let id_len = usize::from(*body.get(20)?);
    let sender_point = body.get(21..21 + id_len)?;
    let sender = PublicKey::from_sec1_bytes(sender_point).ok()?;
    let browser_point = browser.public_key().to_encoded_point(false);
    let (key, nonce) = content_keys(browser, &sender, auth, &salt, browser_point.as_bytes(), sender_point)?;
    let mut plain = Aes128Gcm::new(&key.into()).decrypt(&nonce.into(), body.get(21 + id_len..)?).ok()?;
    // The last record ends with the delimiter 2, before any padding of zeros.
    while plain.last() == Some(&0) {
        plain.pop();
    }
    (plain.pop() == Some(2)).then_some(plain)
}

/// The content key and nonce (RFC 8291, section 3.4): from the shared secret of one side's secret key and the other's
/// public key, bound to both public keys (the browser's first) and the browser's auth secret, then to the salt.
fn content_keys(
    secret: &SecretKey,
    other: &PublicKey,
    auth: &[u8; 16],
    salt: &[u8; 16],
    browser_point: &[u8],
    sender_point: &[u8],
) -> Option<([u8; 16], [u8; 12])> {
    let shared = p256::ecdh::diffie_hellman(secret.to_nonzero_scalar(), other.as_affine());
    let mut info = b"WebPush: info\0".to_vec();
    info.extend_from_slice(browser_point);
    info.extend_from_slice(sender_point);
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes()).expand(&info, &mut ikm).ok()?;
    let content = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let (mut key, mut nonce) = ([0u8; 16], [0u8; 12]);
    content.expand(b"Content-Encoding: aes128gcm\0", &mut key).ok()?;
    content.expand(b"Content-Encoding: nonce\0", &mut nonce).ok()?;
    Some((key, nonce))
}

/// The `Authorization` header of a push to `endpoint` (RFC 8292): a token signed with our key for the push service's
/// origin, valid until `expires` (Unix seconds), naming `subject` as whom to contact, and our public key as
/// [`public_key`] wrote it (the sender keeps it, rather than encoding it again for every push).
pub fn vapid(key: &SigningKey, public_key: &str, endpoint: &reqwest::Url, subject: &str, expires: i64) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
    let audience = endpoint.origin().ascii_serialization();
    let claims = serde_json::json!({ "aud": audience, "exp": expires, "sub": subject });
    let signed = format!("{header}.{}", URL_SAFE_NO_PAD.encode(claims.to_string()));
    let signature: Signature = key.sign(signed.as_bytes());
    format!("vapid t={signed}.{}, k={public_key}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
}

/// Our public key as browsers take it (`applicationServerKey`): base64url of the uncompressed point.
pub fn public_key(key: &SigningKey) -> String {
    URL_SAFE_NO_PAD.encode(key.verifying_key().to_encoded_point(false).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(text: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD.decode(text).unwrap()
    }

    /// RFC 8291, appendix A: the example's keys, secret and salt give the example's message, byte for byte.
    #[test]
    fn the_rfc_8291_example_is_sealed_byte_for_byte() {
        let plain = b"When I grow up, I want to be a watermelon";
        let browser_secret = SecretKey::from_slice(&bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")).unwrap();
        let browser = PublicKey::from_sec1_bytes(&bytes(
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        ))
        .unwrap();
        assert_eq!(browser_secret.public_key(), browser);
        let ours = SecretKey::from_slice(&bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")).unwrap();
        let auth: [u8; 16] = bytes("BTBZMqHH6r4Tts7J_aSIgg").try_into().unwrap();
        let salt: [u8; 16] = bytes("DGv6ra1nlYgDCS1FRnbzlw").try_into().unwrap();
        let sealed = seal_with(plain, &browser, &auth, &ours, salt).unwrap();
        let expected = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";
        assert_eq!(URL_SAFE_NO_PAD.encode(&sealed), expected);
        assert_eq!(open(&sealed, &browser_secret, &auth).as_deref(), Some(&plain[..]));
        // Another browser's secret, or another auth, opens nothing.
        assert_eq!(open(&sealed, &SecretKey::random(&mut OsRng), &auth), None);
        assert_eq!(open(&sealed, &browser_secret, &[0; 16]), None);
        assert_eq!(open(&sealed[..30], &browser_secret, &auth), None);
    }

    #[test]
    fn a_vapid_token_names_the_push_services_origin_and_verifies_with_the_key_it_carries() {
        use p256::ecdsa::{signature::Verifier, VerifyingKey};
        let key = SigningKey::random(&mut OsRng);
        let endpoint = reqwest::Url::parse("https://push.example.com:8443/send/abc?x=1").unwrap();
        let header = vapid(&key, &public_key(&key), &endpoint, "mailto:team@example.com", 1_900_000_000);
        let (token, public) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(public, public_key(&key));
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(signed.split_once('.').unwrap().1).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example.com:8443");
        assert_eq!(claims["exp"], 1_900_000_000);
        assert_eq!(claims["sub"], "mailto:team@example.com");
        let verifying = VerifyingKey::from_sec1_bytes(&bytes(public)).unwrap();
        let signature = Signature::from_slice(&bytes(signature)).unwrap();
        assert!(verifying.verify(signed.as_bytes(), &signature).is_ok());
    }
}

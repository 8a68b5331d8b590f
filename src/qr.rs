//! The printed sheet's QR code of the link: `qrcodegen` encodes the text, this writes the dark
//! modules as one SVG path (a unit per module, a four-module quiet zone), which the page draws.
//! `tests/qr.rs` reads the path back; `tests/e2e/sales.test.mjs` decodes it from the printed PDF.

use qrcodegen::{QrCode, QrCodeEcc};

/// A QR code as SVG: the view box's side in modules (quiet zone included) and the path of its dark
/// modules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Svg {
    pub side: i32,
    pub path: String,
}

/// Modules of quiet zone on each side (ISO/IEC 18004 asks for four).
const QUIET: i32 = 4;

/// The QR code of `text`: error correction level M (15 % of the code may be lost; a link of three
/// configurations with a plan takes version 26), else L for a longer link (up to 2,953 bytes), or
/// `None` where the text is too long for any version. (npm `jsqr`, which the e2e test reads it with,
/// failed on a version 23 L code of the sales run's link that it reads at M.)
pub fn svg(text: &str) -> Option<Svg> {
    let code =
        QrCode::encode_text(text, QrCodeEcc::Medium).or_else(|_| QrCode::encode_text(text, QrCodeEcc::Low)).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if code.get_module(x, y) {
                // One horizontal run of dark modules as one rectangle, a tenth of a module taller so
                // that rows meet without a hairline where a renderer rounds each edge on its own.
                let start = x;
                while x < size && code.get_module(x, y) {
                    x += 1;
                }
                path.push_str(&format!("M{} {}h{}v1.1h-{}z", start + QUIET, y + QUIET, x - start, x - start));
            } else {
                x += 1;
            }
        }
    }
    Some(Svg { side: size + 2 * QUIET, path })
}

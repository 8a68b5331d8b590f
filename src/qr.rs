//! The printed sheet's QR code of the link: `qrcodegen` encodes the text, this writes the dark
//! modules as one SVG path (a unit per module, a four-module quiet zone), which the page draws.

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

/// The QR code of `text` (the lowest error correction, the largest capacity: a printed sheet is
/// not a torn sticker), or `None` where the text is too long for any version (2,953 bytes).
pub fn svg(text: &str) -> Option<Svg> {
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if code.get_module(x, y) {
                // One horizontal run of dark modules as one rectangle.
                let start = x;
                while x < size && code.get_module(x, y) {
                    x += 1;
                }
                path.push_str(&format!("M{} {}h{}v1h-{}z", start + QUIET, y + QUIET, x - start, x - start));
            } else {
                x += 1;
            }
        }
    }
    Some(Svg { side: size + 2 * QUIET, path })
}

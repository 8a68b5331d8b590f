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

/// The QR code of `text`: the smallest version that holds it at error correction level L, at the
/// highest level that still fits that version (`qrcodegen` raises it: M, Q or H where there is room),
/// or `None` where the text is too long for any version (L holds up to 2,953 bytes). The smallest
/// code gives the largest modules on the sheet's limited space (issue 37: a three-configuration
/// link of about 900 characters takes version 21, 101 modules, instead of version 24 at M).
pub fn svg(text: &str) -> Option<Svg> {
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if code.get_module(x, y) {
                // One horizontal run of dark modules as one rectangle, exactly one module tall: in
                // one path, rows that meet share an edge and fill as one shape, with no hairline.
                // (A tenth of a module taller, as before issue 37, bled into the light module below:
                // a grey line under every run, and jsQR missed a 400 dpi rendering.)
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

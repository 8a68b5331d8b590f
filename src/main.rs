//! Mounts the app. Nothing else happens here.

#[cfg(target_arch = "wasm32")]
fn main() {
    token_energy::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("token-energy is a web app: build it with `trunk build --release` (see README.md).");
}

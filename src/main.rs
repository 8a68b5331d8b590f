//! Mounts the app. Nothing else happens here.

/// The first render waits for the next task: compiling and starting the wasm is one task, the
/// first render another, so neither blocks a phone's main thread as long as both together.
#[cfg(target_arch = "wasm32")]
fn main() {
    yew::platform::spawn_local(async {
        yew::platform::time::sleep(std::time::Duration::ZERO).await;
        token_energy::ui::mount().await;
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("token-energy is a web app: build it with `trunk build --release` (see README.md).");
}

//! Mount only: the app lives in the library (`referee::ui`).

#[cfg(target_arch = "wasm32")]
fn main() {
    referee::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("裁判助手 runs in the browser: build it with trunk (see README.md).");
}

//! Mount only: the app lives in the library (`referee::ui`).

#[cfg(all(target_arch = "wasm32", feature = "app"))]
fn main() {
    referee::ui::start();
}

#[cfg(not(all(target_arch = "wasm32", feature = "app")))]
fn main() {
    eprintln!("裁判助手 runs in the browser: build it with trunk (see README.md).");
}

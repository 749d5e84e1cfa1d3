//! On Windows the program's icon and version information go into `dama.exe`, where Explorer,
//! the Start menu and the task bar look for them; other systems need nothing from here.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icons/dama.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut res = winresource::WindowsResource::new();
        res.set_icon("assets/icons/dama.ico")
            .set("FileDescription", "Dáma")
            .set("ProductName", "Dáma")
            .set("CompanyName", "Dáma developers")
            .set(
                "LegalCopyright",
                "2026, Dáma developers (MIT OR Apache-2.0)",
            );
        // Cross-building from Linux, winresource runs mingw-w64's `x86_64-w64-mingw32-windres`.
        if let Err(e) = res.compile() {
            panic!("the Windows resources (icon, version) could not be compiled: {e}");
        }
    }
}

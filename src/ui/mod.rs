//! The game window (eframe/egui): two players on one computer.

mod app;
mod board_view;
mod document;
mod editor;
mod game_view;
mod i18n;
mod move_list;
mod panel_views;
mod picker;
mod settings;
mod theme;

use std::path::PathBuf;

pub use app::{Command, DamaApp, Dialog, Notice, Pending, READER_BY_DESCRIPTION};
pub use board_view::{BoardInput, Highlights, square_id, square_label};
pub use move_list::MAX_ROWS_DRAWN;

pub use document::Document;
pub use editor::{EditChange, Editor, piece_for_key};
pub use i18n::{Language, T};
pub use picker::{Click, Picker};
pub use settings::{
    LoadNotice, MAX_SETTINGS_FILE, Player, Settings, SpeechMode, Theme, config_dir,
};

/// The application ID: the name of the desktop file, AppStream metainfo and icon in `packaging/`.
pub const APP_ID: &str = "io.github.damadraughts.Dama";

/// The window icon (the 256 px rendering of `assets/icons/dama.svg`).
const ICON_PNG: &[u8] =
    include_bytes!("../../assets/icons/hicolor/256x256/apps/io.github.damadraughts.Dama.png");

/// Opens the window, with the game of `file` if given; returns when it closes.
///
/// # Errors
/// When no window can be created (no display, no graphics).
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let started = std::time::Instant::now();
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(eframe::Error::AppCreation(
            "no display: neither DISPLAY nor WAYLAND_DISPLAY is set".into(),
        ));
    }
    let mut app = DamaApp::new(config_dir());
    app.start_speech_engine();
    if let Some(dir) = crate::store::dirs::data_dir() {
        app.start_autosave(&dir);
    }
    if let Some(path) = &file {
        app.open_at_start(path);
    }
    let size = app.settings.window_size.unwrap_or([1100.0, 760.0]);
    let mut viewport = eframe::egui::ViewportBuilder::default()
        .with_title("Dáma")
        // The desktop file's name, so that docks match the window to it (Wayland app_id, X11 class).
        .with_app_id(APP_ID)
        .with_inner_size(size)
        .with_min_inner_size([480.0, 360.0]);
    match eframe::icon_data::from_png_bytes(ICON_PNG) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(err) => eprintln!("dama: window icon not loaded: {err}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    let trace = std::env::var_os("DAMA_TRACE_STARTUP").is_some();
    eframe::run_native(
        "dama",
        options,
        Box::new(move |_cc| {
            if trace {
                eprintln!("window created after {:?}", started.elapsed());
            }
            Ok(Box::new(Traced {
                app,
                started,
                trace,
                first: true,
            }))
        }),
    )
}

/// Reports the time to the first frame when `DAMA_TRACE_STARTUP` is set.
struct Traced {
    app: DamaApp,
    started: std::time::Instant,
    trace: bool,
    first: bool,
}

impl eframe::App for Traced {
    fn ui(&mut self, ui: &mut eframe::egui::Ui, frame: &mut eframe::Frame) {
        eframe::App::ui(&mut self.app, ui, frame);
        if self.first && self.trace {
            eprintln!("first frame drawn after {:?}", self.started.elapsed());
        }
        self.first = false;
    }

    fn on_exit(&mut self, gl: Option<&eframe::glow::Context>) {
        self.app.on_exit(gl);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn window_icon_decodes() {
        let icon = eframe::icon_data::from_png_bytes(super::ICON_PNG).expect("a valid PNG");
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    }
}

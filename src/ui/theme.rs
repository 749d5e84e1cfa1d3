//! Colours of each theme. Pieces and highlights also differ in shape, never by colour alone.

use eframe::egui::{Color32, Visuals};

use super::settings::Theme;

/// The colours one theme paints with.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Unplayed squares.
    pub light_square: Color32,
    /// Playing squares.
    pub dark_square: Color32,
    /// Fill and outline of white pieces.
    pub white_piece: (Color32, Color32),
    /// Fill and outline of black pieces.
    pub black_piece: (Color32, Color32),
    /// Square numbers on dark squares.
    pub number: Color32,
    /// Coordinates around the board.
    pub coordinate: Color32,
    /// Selection, path and destination marks.
    pub accent: Color32,
    /// Must-capture marks.
    pub warning: Color32,
    /// Last-move frames.
    pub last_move: Color32,
    /// Outline width factor (thicker in high contrast).
    pub stroke: f32,
}

impl Palette {
    /// The palette of `theme`.
    pub fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Light => Palette {
                light_square: Color32::from_rgb(0xF0, 0xDC, 0xB4),
                dark_square: Color32::from_rgb(0x8A, 0x5A, 0x36),
                white_piece: (
                    Color32::from_rgb(0xFA, 0xF7, 0xEE),
                    Color32::from_rgb(0x30, 0x2A, 0x24),
                ),
                black_piece: (
                    Color32::from_rgb(0x24, 0x20, 0x1E),
                    Color32::from_rgb(0xE8, 0xE0, 0xD0),
                ),
                number: Color32::from_rgb(0xF6, 0xEA, 0xD2),
                coordinate: Color32::from_rgb(0x30, 0x2A, 0x24),
                accent: Color32::from_rgb(0x10, 0x60, 0xC0),
                warning: Color32::from_rgb(0xC0, 0x10, 0x10),
                last_move: Color32::from_rgb(0xF0, 0xC0, 0x30),
                stroke: 1.0,
            },
            Theme::Dark => Palette {
                light_square: Color32::from_rgb(0x4A, 0x4F, 0x57),
                dark_square: Color32::from_rgb(0x23, 0x2A, 0x33),
                white_piece: (
                    Color32::from_rgb(0xE6, 0xE6, 0xE6),
                    Color32::from_rgb(0x10, 0x10, 0x10),
                ),
                black_piece: (
                    Color32::from_rgb(0x8A, 0x2A, 0x2A),
                    Color32::from_rgb(0xF0, 0xD0, 0xD0),
                ),
                number: Color32::from_rgb(0xC8, 0xCC, 0xD2),
                coordinate: Color32::from_rgb(0xD0, 0xD4, 0xDA),
                accent: Color32::from_rgb(0x60, 0xB0, 0xFF),
                warning: Color32::from_rgb(0xFF, 0x70, 0x50),
                last_move: Color32::from_rgb(0xE0, 0xC0, 0x40),
                stroke: 1.0,
            },
            // Every pair used together reaches at least 7:1 (WCAG AAA).
            Theme::HighContrast => Palette {
                light_square: Color32::WHITE,
                dark_square: Color32::BLACK,
                white_piece: (Color32::WHITE, Color32::from_rgb(0xFF, 0xFF, 0x00)),
                black_piece: (Color32::BLACK, Color32::WHITE),
                number: Color32::from_rgb(0xFF, 0xFF, 0x00),
                coordinate: Color32::WHITE,
                accent: Color32::from_rgb(0x00, 0xFF, 0xFF),
                warning: Color32::from_rgb(0xFF, 0xFF, 0x00),
                last_move: Color32::from_rgb(0xFF, 0x80, 0xFF),
                stroke: 2.0,
            },
        }
    }
}

/// The window's visuals for `theme`. The text cursor does not blink: a blinking caret in the
/// move field kept the idle window drawing (5.9 % of a core); a steady one costs nothing.
pub fn visuals(theme: Theme) -> Visuals {
    let mut v = theme_visuals(theme);
    v.text_cursor.blink = false;
    v
}

fn theme_visuals(theme: Theme) -> Visuals {
    match theme {
        Theme::Light => Visuals::light(),
        Theme::Dark => Visuals::dark(),
        Theme::HighContrast => {
            let mut v = Visuals::dark();
            v.override_text_color = Some(Color32::WHITE);
            v.panel_fill = Color32::BLACK;
            v.window_fill = Color32::BLACK;
            v.extreme_bg_color = Color32::BLACK;
            v.hyperlink_color = Color32::from_rgb(0x00, 0xFF, 0xFF);
            v.selection.bg_fill = Color32::from_rgb(0x00, 0x00, 0xA0);
            v.selection.stroke.color = Color32::WHITE;
            for w in [
                &mut v.widgets.noninteractive,
                &mut v.widgets.inactive,
                &mut v.widgets.hovered,
                &mut v.widgets.active,
                &mut v.widgets.open,
            ] {
                w.fg_stroke.color = Color32::WHITE;
                w.bg_stroke.color = Color32::WHITE;
                w.bg_stroke.width = 1.5;
                w.bg_fill = Color32::BLACK;
                w.weak_bg_fill = Color32::BLACK;
            }
            v.widgets.hovered.bg_stroke.color = Color32::from_rgb(0xFF, 0xFF, 0x00);
            v.widgets.active.bg_stroke.color = Color32::from_rgb(0xFF, 0xFF, 0x00);
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance.
    fn luminance(c: Color32) -> f64 {
        let f = |v: u8| {
            let s = f64::from(v) / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * f(c.r()) + 0.7152 * f(c.g()) + 0.0722 * f(c.b())
    }

    fn contrast(a: Color32, b: Color32) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// WCAG 2.2 AAA: pieces, marks and text at 7:1 or more against what they stand on.
    #[test]
    fn the_text_cursor_never_blinks() {
        // A blinking caret redraws the idle window forever.
        for theme in Theme::ALL {
            assert!(!visuals(theme).text_cursor.blink, "{theme:?}");
        }
    }

    #[test]
    fn high_contrast_reaches_seven_to_one() {
        let p = Palette::of(Theme::HighContrast);
        let v = visuals(Theme::HighContrast);
        let pairs = [
            ("white piece on its square", p.white_piece.0, p.dark_square),
            ("white piece outline", p.white_piece.1, p.dark_square),
            ("black piece outline", p.black_piece.1, p.dark_square),
            (
                "black piece ring on white fill",
                p.black_piece.1,
                p.black_piece.0,
            ),
            ("square numbers", p.number, p.dark_square),
            ("selection and destinations", p.accent, p.dark_square),
            ("must-capture marks", p.warning, p.dark_square),
            ("last move", p.last_move, p.dark_square),
            ("coordinates", p.coordinate, v.panel_fill),
            ("text", v.override_text_color.unwrap(), v.panel_fill),
            ("light against dark squares", p.light_square, p.dark_square),
        ];
        for (what, a, b) in pairs {
            let r = contrast(a, b);
            assert!(r >= 7.0, "{what}: {r:.1}:1");
        }
    }
}

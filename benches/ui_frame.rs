//! CPU time of one frame of the window (layout, painting and tessellation; no GPU), on the
//! 10×10 and 8×8 boards.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dama::rules::Variant;
use dama::ui::{DamaApp, Language, Settings};
use eframe::egui::{self, RawInput, Rect, Vec2};

fn frame(c: &mut Criterion) {
    for variant in [Variant::International, Variant::Czech] {
        let settings = Settings {
            language: Some(Language::English),
            last_rules: variant.id().into(),
            ..Settings::default()
        };
        let mut app = DamaApp::with_settings(settings, None);
        let ctx = egui::Context::default();
        let input = || RawInput {
            screen_rect: Some(Rect::from_min_size(
                Default::default(),
                Vec2::new(1100.0, 760.0),
            )),
            ..RawInput::default()
        };
        // Warm up: fonts and layout caches.
        for _ in 0..3 {
            let out = ctx.run_ui(input(), |ui| app.show(ui));
            let _ = ctx.tessellate(out.shapes, out.pixels_per_point);
        }
        c.bench_function(&format!("frame/{variant}"), |b| {
            b.iter(|| {
                let out = ctx.run_ui(input(), |ui| app.show(ui));
                black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
            })
        });
    }
}

criterion_group!(benches, frame);
criterion_main!(benches);

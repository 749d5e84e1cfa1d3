mod common;
use common::*;
use dama::rules::Variant;
use dama::ui::Language;
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};

fn focused(h: &egui_kittest::Harness<'_, dama::ui::DamaApp>) -> String {
    h.query_by(|n| n.is_focused()).map(|n| format!("{:?} {:?} {:?} dis={}", n.accesskit_node().role(), n.accesskit_node().label(), n.accesskit_node().description(), n.accesskit_node().is_disabled())).unwrap_or("NONE".into())
}
fn key(h: &mut egui_kittest::Harness<'_, dama::ui::DamaApp>, k: Key, m: Modifiers) {
    h.event(egui::Event::Key { key: k, physical_key: None, pressed: true, repeat: false, modifiers: m });
    for f in 0..3 { h.step(); println!("  {k:?} f{f}: {}", focused(h)); }
}

#[test]
fn probe() {
    let mut h = app_with(settings(Language::English, Variant::Czech));
    h.run();
    click(&mut h, 22);
    click(&mut h, 18);
    key(&mut h, Key::ArrowUp, Modifiers::NONE);
    println!("start: {}", focused(&h));
    key(&mut h, Key::F1, Modifiers::NONE);
    key(&mut h, Key::Escape, Modifiers::NONE);
    key(&mut h, Key::F10, Modifiers::NONE);
    key(&mut h, Key::ArrowDown, Modifiers::NONE);
    key(&mut h, Key::ArrowDown, Modifiers::NONE);
    key(&mut h, Key::ArrowRight, Modifiers::NONE);
    key(&mut h, Key::ArrowDown, Modifiers::NONE);
    key(&mut h, Key::ArrowLeft, Modifiers::NONE);
    key(&mut h, Key::Escape, Modifiers::NONE);
    key(&mut h, Key::H, Modifiers::ALT);
    key(&mut h, Key::Enter, Modifiers::NONE);
    println!("dialog {:?}", h.state().dialog().is_some());
    key(&mut h, Key::Escape, Modifiers::NONE);
    key(&mut h, Key::G, Modifiers::ALT);
    for n in h.query_all_by(|n| n.role() == egui::accesskit::Role::MenuItem) {
        println!("item {:?} disabled={}", n.accesskit_node().label(), n.accesskit_node().is_disabled());
    }
}

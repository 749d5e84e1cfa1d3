//! The move list beside the board, as a widget: a row per move number of the game's moves,
//! the annotator's comments and the variations in rows under the moves they follow, every
//! move a widget that Tab and the screen reader reach. Data in, intent out: it is given the
//! texts (the window makes them from the document) and answers which move was clicked.

use eframe::egui::{self, Id, RichText, ScrollArea, Ui};

use crate::ui::game_view::Spot;

/// Most rows of the move list laid out every frame: past this (a game of thousands of moves,
/// made by a program), only the rows in view are.
pub const MAX_ROWS_DRAWN: usize = 500;

/// One of the game's moves as the list shows it.
pub struct GameMove {
    /// The move's text ("32-28").
    pub text: String,
    /// Whether the board shows the position after it.
    pub shown: bool,
    /// A mark after it, as shown ("?", "!?") and as the screen reader says it ("chyba"): the
    /// review's, else the glyphs a file gave it.
    pub mark: Option<(String, String)>,
}

/// One thing of a variation's row in the move list.
pub enum Item {
    /// A variation's opening bracket.
    Open,
    /// Its closing bracket.
    Close,
    /// What an annotator wrote after the move before.
    Comment(String),
    /// A move, with its number where the list writes one, and where it leads.
    Move {
        /// The text.
        text: String,
        /// The place after it.
        spot: Spot,
        /// Its glyphs from a file, as symbols and as words.
        glyphs: (String, String),
    },
}

/// The move list's data for one frame.
pub struct MoveList<'a> {
    /// How many moves (plies) the game has.
    pub plies: usize,
    /// 1 when the game starts with the second player to move (the first row is "1. …").
    pub offset: usize,
    /// The game's move at a ply (asked for the rows laid out only).
    pub game_move: &'a dyn Fn(usize) -> GameMove,
    /// The annotator's comments after the game's moves, by ply.
    pub comments: &'a [(usize, String)],
    /// The variations, each a row of items, by the ply of the game's move they replace.
    pub variations: &'a [(usize, Vec<Item>)],
    /// What the annotator wrote before the first move.
    pub lead: &'a str,
    /// The place in a variation the board shows (none: the game's own moves).
    pub shown_spot: Option<&'a Spot>,
    /// The word that starts a variation's move for the screen reader ("varianta").
    pub variation_word: &'a str,
}

/// What the move list answers.
pub struct MoveListResponse {
    /// The game's move clicked: the board is to show the position after this many plies.
    pub look: Option<usize>,
    /// The variation's move clicked: the board is to show the place after it.
    pub look_spot: Option<Spot>,
    /// The move shown, else the last: where Ctrl+F6 puts the focus in the list.
    pub anchor: Option<Id>,
    /// Every game's move laid out, to tell that the focus is in the list.
    pub all_moves: Vec<Id>,
}

impl MoveList<'_> {
    /// Lays the list out in `ui`, scrolled to the bottom as moves come.
    pub fn show(self, ui: &mut Ui) -> MoveListResponse {
        let MoveList {
            plies,
            offset,
            game_move,
            comments,
            variations,
            lead,
            shown_spot,
            variation_word: word,
        } = self;
        let mut look_spot = None;
        let mut look = None;
        let mut anchor = None;
        let mut all_moves = Vec::new();
        // A row per move number: the first player's ply and the second's.
        let rows = (plies + offset).div_ceil(2);
        let row_plies =
            |row: usize| (2 * row).saturating_sub(offset)..(2 * row + 2 - offset).min(plies);
        let mut row_ui = |ui: &mut Ui, row: usize| {
            ui.label(format!("{}.", row + 1));
            if row == 0 && offset == 1 {
                ui.label("…");
            }
            for ply in row_plies(row) {
                let GameMove { text, shown, mark } = game_move(ply);
                let item = match mark {
                    Some((symbol, name)) => {
                        let item = ui.selectable_label(shown, format!("{text}{symbol}"));
                        let name = format!("{text}, {name}");
                        ui.ctx()
                            .accesskit_node_builder(item.id, |node| node.set_label(name));
                        item
                    }
                    None => ui.selectable_label(shown, text),
                };
                if item.clicked() {
                    look = Some(ply + 1);
                }
                all_moves.push(item.id);
                if shown || anchor.is_none() {
                    anchor = Some(item.id);
                }
            }
        };
        let scroll = ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true);
        // The rows of the variations to the moves of a row of the game's moves.
        let mut variations_ui = |ui: &mut Ui, row: usize| {
            let plies = row_plies(row);
            for (_, comment) in comments.iter().filter(|(p, _)| plies.contains(p)) {
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(16.0);
                    ui.add(egui::Label::new(RichText::new(comment).italics()).wrap());
                });
            }
            for (_, items) in variations.iter().filter(|(p, _)| plies.contains(p)) {
                ui.horizontal_wrapped(|ui| {
                    // Brackets close to their moves, the row indented under its move.
                    ui.spacing_mut().item_spacing.x = 4.0;
                    ui.add_space(16.0);
                    for item in items {
                        match item {
                            Item::Open => ui.label("("),
                            Item::Close => ui.label(")"),
                            Item::Comment(text) => ui.label(RichText::new(text).italics()),
                            Item::Move { text, spot, glyphs } => {
                                let on = shown_spot == Some(spot);
                                let b = ui.selectable_label(on, format!("{text}{}", glyphs.0));
                                let name = match glyphs.1.is_empty() {
                                    true => format!("{word} {text}"),
                                    false => format!("{word} {text}, {}", glyphs.1),
                                };
                                ui.ctx().accesskit_node_builder(b.id, |n| n.set_label(name));
                                if b.clicked() {
                                    look_spot = Some(spot.clone());
                                }
                                b
                            }
                        };
                    }
                });
            }
        };
        if !lead.is_empty() {
            ui.add(egui::Label::new(RichText::new(lead).italics()).wrap());
        }
        let varied = !variations.is_empty() || !comments.is_empty();
        if varied && rows <= MAX_ROWS_DRAWN {
            // With variations a row of the game's moves and the rows of their variations.
            scroll.show(ui, |ui| {
                for row in 0..rows {
                    ui.horizontal(|ui| row_ui(ui, row));
                    variations_ui(ui, row);
                }
            });
        } else if rows <= MAX_ROWS_DRAWN {
            // Every move is a widget: Tab and the screen reader reach each one.
            scroll.show(ui, |ui| {
                egui::Grid::new("move-list")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for row in 0..rows {
                            row_ui(ui, row);
                            ui.end_row();
                        }
                    });
            });
        } else {
            // A game of thousands of moves (a file made by a program): only the rows in view
            // are laid out, or every frame would take seconds (a row with variations is taller:
            // the scroll is then only about right).
            let height = ui.spacing().interact_size.y;
            scroll.show_rows(ui, height, rows, |ui, range| {
                for row in range {
                    ui.horizontal(|ui| row_ui(ui, row));
                    variations_ui(ui, row);
                }
            });
        }
        MoveListResponse {
            look,
            look_spot,
            anchor,
            all_moves,
        }
    }
}

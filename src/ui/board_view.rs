//! The board: drawn to fit any size, one accessible widget per dark square.

use eframe::egui::{
    self, Align2, Color32, FontId, Id, Pos2, Rect, Role, Sense, Shape, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo,
};

use super::i18n::Language;
use super::theme::Palette;
use crate::game::event::{Marks, SquareView};
use crate::rules::{Board, Color, Piece, Position, Role as PieceRole, Square, SquareSet};
use crate::speech::phrases::{self, Verbosity};

/// The widget id of a square, the same every frame (keyboard focus follows the cursor).
pub fn square_id(sq: Square) -> Id {
    Id::unique("dama-board").with(sq.number())
}

/// What the rules core says about the squares, for highlighting.
#[derive(Clone, Debug, Default)]
pub struct Highlights {
    /// Pieces that can move.
    pub movable: SquareSet,
    /// Pieces that can capture when a capture is mandatory.
    pub must_capture: SquareSet,
    /// The selected piece.
    pub selected: Option<Square>,
    /// Where a click takes the move further.
    pub targets: SquareSet,
    /// Landing squares clicked so far.
    pub path: Vec<Square>,
    /// Start and end of the last move.
    pub last_move: Option<(Square, Square)>,
    /// Start and end of the move the computer suggests.
    pub hint: Option<(Square, Square)>,
    /// Pieces the claimer may remove (a huff with several offenders).
    pub offenders: SquareSet,
    /// Squares a lesson points at, for a sighted helper (the course's marks).
    pub lesson_marks: SquareSet,
    /// Arrows a lesson draws, from a square to a square.
    pub lesson_arrows: Vec<(Square, Square)>,
}

/// A user's action on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A square was clicked (or activated by a screen reader).
    Click(Square),
    /// A piece was dragged from one square and dropped on another.
    Drag(Square, Square),
}

/// How to draw the board this frame.
pub struct BoardView<'a> {
    /// The position shown.
    pub pos: &'a Position,
    /// For labels.
    pub lang: Language,
    /// Colours.
    pub palette: Palette,
    /// Black at the bottom.
    pub flipped: bool,
    /// Square numbers.
    pub numbers: bool,
    /// Letters and digits around the board.
    pub coordinates: bool,
    /// Marks.
    pub highlights: &'a Highlights,
    /// Whether the squares respond to clicks (not while viewing history, say).
    pub enabled: bool,
    /// How fully a square's accessible name says it.
    pub verbosity: Verbosity,
}

impl Highlights {
    /// The marks on `sq`, as its accessible name and the speech say them.
    pub fn marks(&self, sq: Square) -> Marks {
        Marks {
            selected: self.selected == Some(sq),
            can_move: self.movable.contains(sq),
            must_capture: self.must_capture.contains(sq),
            destination: self.targets.contains(sq),
            last_move: self.last_move.is_some_and(|(a, b)| a == sq || b == sq),
            hint: self.hint.is_some_and(|(a, b)| a == sq || b == sq),
            offender: self.offenders.contains(sq),
        }
    }
}

/// The accessible label of a square: number, algebraic name, content and marks, the words
/// speech uses at `verbosity` (brief squares leave out the algebraic name and the last move,
/// for the screen reader as for Dáma's own voice).
pub fn square_label(
    lang: Language,
    pos: &Position,
    sq: Square,
    highlights: &Highlights,
    verbosity: Verbosity,
) -> String {
    let view = SquareView::new(pos, sq, highlights.marks(sq));
    phrases::square(lang, &view, verbosity)
}

impl BoardView<'_> {
    fn square_rect(&self, board_rect: Rect, cell: f32, sq: Square) -> Rect {
        let board = self.pos.board();
        let size = board.size();
        let (file, rank) = board.coords(sq);
        let (col, row) = if self.flipped {
            (size - 1 - file, rank - 1)
        } else {
            (file, size - rank)
        };
        Rect::from_min_size(
            board_rect.min + Vec2::new(col as f32 * cell, row as f32 * cell),
            Vec2::splat(cell),
        )
    }

    fn square_at(&self, board_rect: Rect, cell: f32, p: Pos2) -> Option<Square> {
        let board = self.pos.board();
        let size = board.size();
        if !board_rect.contains(p) {
            return None;
        }
        let col = ((p.x - board_rect.min.x) / cell).floor() as u8;
        let row = ((p.y - board_rect.min.y) / cell).floor() as u8;
        if col >= size || row >= size {
            return None;
        }
        let (file, rank) = if self.flipped {
            (size - 1 - col, row + 1)
        } else {
            (col, size - row)
        };
        board.square_at(file, rank)
    }

    /// Draws the board into the space available and returns what the user did.
    pub fn show(self, ui: &mut Ui) -> Option<BoardInput> {
        let board = self.pos.board();
        let size = board.size() as f32;
        let avail = ui.available_rect_before_wrap();
        // Sizes on the board follow its size in pixels, not the interface size: at 300 % the
        // numbers and coordinates are as large against the pieces as at 100 %.
        let px = 1.0 / ui.ctx().pixels_per_point();
        let margin = if self.coordinates {
            (avail.width().min(avail.height()) / (size + 1.0) * 0.6).min(28.0 * px)
        } else {
            0.0
        };
        let side = (avail.width().min(avail.height()) - margin).max(8.0 * size);
        // Whole pixels, not whole points: at 300 % a point is three pixels.
        let cell = (side / size / px).floor() * px;
        let board_px = cell * size;
        let total = Vec2::new(board_px + margin, board_px + margin);
        let outer = Rect::from_center_size(avail.center(), total);
        let board_rect = Rect::from_min_size(
            Pos2::new(outer.min.x + margin, outer.min.y),
            Vec2::splat(board_px),
        );
        ui.allocate_rect(outer, Sense::hover());
        let painter = ui.painter_at(outer);
        let pal = self.palette;
        let board_id = Id::unique("dama-board");

        painter.rect_filled(board_rect, 0.0, pal.light_square);
        if self.coordinates {
            let font = FontId::proportional((cell * 0.3).clamp(9.0 * px, 18.0 * px));
            for i in 0..board.size() {
                let (file, rank) = if self.flipped {
                    (board.size() - 1 - i, i + 1)
                } else {
                    (i, board.size() - i)
                };
                let x = board_rect.min.x + (i as f32 + 0.5) * cell;
                painter.text(
                    Pos2::new(x, board_rect.max.y + margin * 0.5),
                    Align2::CENTER_CENTER,
                    ((b'a' + file) as char).to_string(),
                    font.clone(),
                    pal.coordinate,
                );
                let y = board_rect.min.y + (i as f32 + 0.5) * cell;
                painter.text(
                    Pos2::new(outer.min.x + margin * 0.5, y),
                    Align2::CENTER_CENTER,
                    rank.to_string(),
                    font.clone(),
                    pal.coordinate,
                );
            }
        }

        let mut input = None;
        let drag_key = board_id.with("drag-from");
        let dragging: Option<Square> = ui.data(|d| d.get_temp(drag_key));
        let h = self.highlights;
        for sq in board.all_squares() {
            let rect = self.square_rect(board_rect, cell, sq);
            painter.rect_filled(rect, 0.0, pal.dark_square);
            let response = ui.interact(rect, square_id(sq), Sense::click_and_drag());
            let selected = h.selected == Some(sq);
            let label = square_label(self.lang, self.pos, sq, h, self.verbosity);
            let enabled = self.enabled;
            // A cell of the board: Orca reads its name alone ("21, a3, bílý kámen, může
            // táhnout"), where a toggle button added "přepínač nezmáčknuto" to every square.
            // The selection is a state as well as a word of the name.
            response.widget_info(|| WidgetInfo::labeled(Role::Cell, enabled, &label));
            if selected {
                ui.ctx()
                    .accesskit_node_builder(response.id, |node| node.set_selected(true));
            }
            if self.enabled {
                if response.clicked() {
                    input = Some(BoardInput::Click(sq));
                }
                if response.drag_started() && self.pos.piece_at(sq).is_some() {
                    ui.data_mut(|d| d.insert_temp(drag_key, sq));
                }
                if response.drag_stopped() {
                    ui.data_mut(|d| d.remove::<Square>(drag_key));
                    let drop = ui
                        .input(|i| i.pointer.interact_pos())
                        .and_then(|p| self.square_at(board_rect, cell, p));
                    match drop {
                        Some(to) if to != sq => input = Some(BoardInput::Drag(sq, to)),
                        Some(_) => input = Some(BoardInput::Click(sq)),
                        None => {}
                    }
                }
            }
            if response.has_focus() {
                // The app moves the cursor with the arrows and cancels with Escape: egui must
                // not move or drop the focus on its own.
                ui.memory_mut(|m| {
                    m.set_focus_lock_filter(
                        response.id,
                        egui::EventFilter {
                            horizontal_arrows: true,
                            vertical_arrows: true,
                            escape: true,
                            tab: false,
                        },
                    )
                });
                painter.rect_stroke(
                    rect.shrink(2.0),
                    0.0,
                    Stroke::new(3.0 * pal.stroke, pal.accent),
                    StrokeKind::Inside,
                );
            }
            // Last move: a frame in the corners, not a fill.
            if let Some((a, b)) = h.last_move
                && (a == sq || b == sq)
            {
                corner_marks(&painter, rect, Stroke::new(3.0 * pal.stroke, pal.last_move));
            }
            let center = rect.center();
            let r = cell * 0.36;
            if let Some(piece) = self.pos.piece_at(sq)
                && dragging != Some(sq)
            {
                if selected {
                    painter.circle_stroke(
                        center,
                        r + cell * 0.08,
                        Stroke::new(3.0 * pal.stroke, pal.accent),
                    );
                } else if h.must_capture.contains(sq) {
                    // Dashed ring and a marker triangle: "must capture" without colour alone.
                    dashed_ring(
                        &painter,
                        center,
                        r + cell * 0.07,
                        Stroke::new(2.5 * pal.stroke, pal.warning),
                    );
                    let t = cell * 0.16;
                    let tip = rect.right_top() + Vec2::new(-cell * 0.06, cell * 0.06);
                    painter.add(Shape::convex_polygon(
                        vec![tip, tip - Vec2::new(t, 0.0), tip + Vec2::new(0.0, t)],
                        pal.warning,
                        Stroke::NONE,
                    ));
                } else if h.movable.contains(sq) && h.selected.is_none() {
                    painter.circle_stroke(
                        center,
                        r + cell * 0.06,
                        Stroke::new(1.5 * pal.stroke, pal.accent),
                    );
                }
                draw_piece(&painter, &pal, center, r, piece);
            }
            if self.numbers {
                // On a plate of the square's colour, so that a piece never hides it.
                let galley = painter.layout_no_wrap(
                    sq.to_string(),
                    FontId::proportional((cell * 0.2).clamp(7.0 * px, 16.0 * px)),
                    pal.number,
                );
                let at = rect.min + Vec2::splat(cell * 0.03);
                let plate = Rect::from_min_size(at, galley.size()).expand(1.0);
                painter.rect_filled(plate, 2.0, pal.dark_square);
                painter.galley(at, galley, pal.number);
            }
            if h.targets.contains(sq) || h.offenders.contains(sq) {
                let dot = if self.pos.piece_at(sq).is_some() {
                    cell * 0.08
                } else {
                    cell * 0.12
                };
                painter.circle(center, dot, pal.accent, Stroke::new(1.5, pal.dark_square));
            }
            if let Some(i) = h.path.iter().position(|&p| p == sq) {
                let at = rect.left_bottom() + Vec2::new(cell * 0.2, -cell * 0.2);
                painter.circle_filled(at, cell * 0.14, pal.accent);
                painter.text(
                    at,
                    Align2::CENTER_CENTER,
                    (i + 1).to_string(),
                    FontId::proportional(cell * 0.18),
                    Color32::BLACK,
                );
            }
        }
        for &(from, to) in &h.lesson_arrows {
            // A head of one size however long the arrow: egui's grows with the length.
            let a = self.square_rect(board_rect, cell, from).center();
            let b = self.square_rect(board_rect, cell, to).center();
            let dir = (b - a).normalized();
            let side = Vec2::new(-dir.y, dir.x);
            let head = cell * 0.3;
            let base = b - dir * head;
            let tip = [b, base + side * head * 0.5, base - side * head * 0.5];
            let painter = ui.painter();
            painter.line_segment([a, base], Stroke::new(cell * 0.12, pal.dark_square));
            painter.line_segment([a, base], Stroke::new(cell * 0.06, pal.accent));
            painter.add(egui::Shape::convex_polygon(
                tip.to_vec(),
                pal.accent,
                Stroke::new(cell * 0.03, pal.dark_square),
            ));
        }
        for sq in h.lesson_marks.iter() {
            // A square of its own outline: a frame inside the square, not colour alone.
            let rect = self.square_rect(board_rect, cell, sq).shrink(cell * 0.06);
            let painter = ui.painter();
            painter.rect_stroke(
                rect,
                2.0,
                Stroke::new(3.0 * pal.stroke, pal.accent),
                egui::StrokeKind::Inside,
            );
        }
        if let Some((from, to)) = h.hint {
            // An arrow from the piece to where it should go: shape and outline, not colour alone.
            let a = self.square_rect(board_rect, cell, from).center();
            let b = self.square_rect(board_rect, cell, to).center();
            let painter = ui.painter();
            let outline = Stroke::new(cell * 0.14, pal.dark_square);
            let line = Stroke::new(cell * 0.08, pal.accent);
            painter.arrow(a, b - a, outline);
            painter.arrow(a, b - a, line);
            painter.circle_stroke(a, cell * 0.42, Stroke::new(3.0 * pal.stroke, pal.accent));
        }
        if let (Some(from), Some(p)) = (dragging, ui.input(|i| i.pointer.interact_pos()))
            && let Some(piece) = self.pos.piece_at(from)
        {
            draw_piece(&ui.painter().clone(), &pal, p, cell * 0.36, piece);
        }
        input
    }
}

fn corner_marks(painter: &egui::Painter, rect: Rect, stroke: Stroke) {
    let r = rect.shrink(stroke.width);
    let l = rect.width() * 0.25;
    for (corner, dx, dy) in [
        (r.left_top(), 1.0, 1.0),
        (r.right_top(), -1.0, 1.0),
        (r.left_bottom(), 1.0, -1.0),
        (r.right_bottom(), -1.0, -1.0),
    ] {
        painter.line_segment([corner, corner + Vec2::new(dx * l, 0.0)], stroke);
        painter.line_segment([corner, corner + Vec2::new(0.0, dy * l)], stroke);
    }
}

fn dashed_ring(painter: &egui::Painter, c: Pos2, r: f32, stroke: Stroke) {
    let n = 12;
    for i in 0..n {
        let a0 = i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = a0 + std::f32::consts::TAU / n as f32 * 0.55;
        let pts: Vec<Pos2> = (0..=4)
            .map(|k| {
                let a = a0 + (a1 - a0) * k as f32 / 4.0;
                c + Vec2::angled(a) * r
            })
            .collect();
        painter.add(Shape::line(pts, stroke));
    }
}

/// A man is a disc with an inner ring; a king adds a crown; a tower is a castle.
fn draw_piece(painter: &egui::Painter, pal: &Palette, c: Pos2, r: f32, piece: Piece) {
    let (fill, line) = match piece.color {
        Color::White => pal.white_piece,
        Color::Black => pal.black_piece,
    };
    let stroke = Stroke::new((r * 0.08).max(1.0) * pal.stroke, line);
    match piece.role {
        PieceRole::Man | PieceRole::King => {
            painter.circle(c, r, fill, stroke);
            painter.circle_stroke(c, r * 0.68, Stroke::new((r * 0.05).max(1.0), line));
        }
        PieceRole::Tower => {
            let w = r * 0.9;
            let base =
                Rect::from_center_size(c + Vec2::new(0.0, r * 0.15), Vec2::new(w * 1.6, r * 1.3));
            let tooth = w * 1.6 / 5.0;
            let mut pts = vec![base.left_bottom(), base.left_top()];
            for k in 0..5 {
                let x = base.left() + tooth * k as f32;
                let y = if k % 2 == 0 {
                    base.top() - r * 0.35
                } else {
                    base.top()
                };
                pts.push(Pos2::new(x, y));
                pts.push(Pos2::new(x + tooth, y));
            }
            pts.push(base.right_top());
            pts.push(base.right_bottom());
            painter.add(Shape::closed_line(pts.clone(), stroke));
            painter.add(Shape::convex_polygon(
                vec![
                    base.left_bottom(),
                    base.left_top(),
                    base.right_top(),
                    base.right_bottom(),
                ],
                fill,
                Stroke::NONE,
            ));
            for k in (0..5).step_by(2) {
                let x = base.left() + tooth * k as f32;
                painter.rect_filled(
                    Rect::from_min_max(
                        Pos2::new(x, base.top() - r * 0.35),
                        Pos2::new(x + tooth, base.top() + 1.0),
                    ),
                    0.0,
                    fill,
                );
            }
            painter.add(Shape::closed_line(pts, stroke));
        }
    }
    if piece.role == PieceRole::King {
        // A crown: five points over a band.
        let w = r * 0.9;
        let h = r * 0.55;
        let base_y = c.y + h * 0.45;
        let top_y = c.y - h * 0.55;
        let left = c.x - w / 2.0;
        let pts = vec![
            Pos2::new(left, base_y),
            Pos2::new(left, top_y + h * 0.2),
            Pos2::new(left + w * 0.25, c.y),
            Pos2::new(c.x, top_y),
            Pos2::new(left + w * 0.75, c.y),
            Pos2::new(left + w, top_y + h * 0.2),
            Pos2::new(left + w, base_y),
        ];
        painter.add(Shape::closed_line(
            pts,
            Stroke::new((r * 0.1).max(1.5), line),
        ));
    }
}

/// Whether `board` shows square numbers: always on 10×10, by choice on 8×8.
pub fn shows_numbers(board: Board, numbers_on_8x8: bool) -> bool {
    board == Board::Ten || numbers_on_8x8
}

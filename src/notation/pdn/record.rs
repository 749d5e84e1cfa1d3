//! Turning a game record into a PDN game for saving, and what a PDN game holds besides its
//! moves (notes, clock marks, variations) into the record's [`GameTree`].

use crate::rules::{
    DrawReason, Enforcement, Game, GameTree, Move, Note, Outcome, Position, RuleSet, Variation,
    WinReason,
};

use super::{Line, Node, PdnGame, ResultToken, Warning, WarningKind, game_type_for, pdn_notation};
use crate::notation::{Notation, write, write_among};

/// The PDN result of `game` (rules.md §6): from the point of view of the rule set's first
/// player, so that in English `1-0` means Black won.
pub fn result_of(game: &Game) -> ResultToken {
    match game.outcome() {
        None => ResultToken::Unknown,
        Some(Outcome::Draw(_)) => ResultToken::Draw,
        Some(Outcome::Win { winner, .. }) if winner == game.rules().first => ResultToken::FirstWins,
        Some(Outcome::Win { .. }) => ResultToken::SecondWins,
    }
}

/// The result `pdn` states: at the end of its moves, else in its Result tag; `None` for none
/// or `*`.
pub fn stated_result(pdn: &PdnGame) -> Option<ResultToken> {
    let result = match pdn.result {
        Some(r) if r != ResultToken::Unknown => r,
        _ => ResultToken::parse(pdn.tag("Result")?.trim())?,
    };
    (result != ResultToken::Unknown).then_some(result)
}

/// Ends `game`, the replayed main line of `pdn` (game `game_no` of its file), as `pdn`
/// states: a win no move made is a resignation (a loss on time where `Termination` says "time
/// forfeit", an adjudication where it says so), a draw one claimed or agreed. So a decided game
/// opened and saved keeps its result. A stated result that the final position contradicts (a
/// win for the side that cannot move) is kept as stated, as an adjudication, and is what the
/// warning returned says.
pub fn read_result(pdn: &PdnGame, game: &mut Game, game_no: usize) -> Option<Warning> {
    let stated = stated_result(pdn)?;
    let position = result_of(game);
    if game.ending().is_some() || position == stated {
        return None;
    }
    let first = game.rules().first;
    let termination = pdn
        .tag("Termination")
        .map(|t| t.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let adjudicated = termination.starts_with("adjudicat");
    let winner = match stated {
        ResultToken::FirstWins => Some(first),
        ResultToken::SecondWins => Some(!first),
        _ => None,
    };
    // What the final position decides by itself (no legal move) is a fact the file can only
    // contradict; a draw the rules would allow is not (the players may have played on).
    let decided = match game.outcome() {
        Some(Outcome::Win {
            reason: WinReason::NoLegalMove,
            ..
        }) => game.outcome(),
        _ => None,
    };
    let outcome = match winner {
        Some(winner) => Outcome::Win {
            winner,
            reason: if adjudicated || decided.is_some() {
                WinReason::Adjudication
            } else if termination == "time forfeit" {
                WinReason::Time
            } else {
                WinReason::Resignation
            },
        },
        None if adjudicated || decided.is_some() => Outcome::Draw(DrawReason::Adjudication),
        None => Outcome::Draw(game.claimable_draw().unwrap_or(DrawReason::Agreement)),
    };
    game.record_ending(outcome).ok()?;
    // Only what the position decided by itself contradicts the file (`position` was taken
    // before the ending was recorded).
    decided.map(|_| Warning {
        pos: pdn.moves.nodes.last().map_or(pdn.pos, |n| n.pos),
        game: game_no,
        kind: WarningKind::ResultContradicts { stated, position },
    })
}

/// A PDN game for `game`: `tags` kept in order (the ones a loaded file had), then updated with
/// the players, the result, the GameType (and `Variant` for Dáma's private numbers) and, when
/// the game does not start from the rule set's own position, `SetUp` and `FEN`; the main line
/// written in the notation PDN uses for the rule set.
pub fn to_pdn(game: &Game, tags: &[(String, String)], names: [&str; 2]) -> PdnGame {
    let rules = game.rules();
    let mut pdn = PdnGame::default();
    // As `set_tag` one by one (a name again replaces the first one's value), but through a
    // map: a scan a tag made 115,000 tags take a minute.
    let mut index = std::collections::HashMap::with_capacity(tags.len());
    for (name, value) in tags {
        match index.get(name.as_str()) {
            Some(&i) => pdn.tags[i] = (name.clone(), value.clone()),
            None => {
                index.insert(name.as_str(), pdn.tags.len());
                pdn.tags.push((name.clone(), value.clone()));
            }
        }
    }
    pdn.tag_positions = vec![Default::default(); pdn.tags.len()];
    for (tag, name) in [("White", names[0]), ("Black", names[1])] {
        if !name.is_empty() || pdn.tag(tag).is_none() {
            pdn.set_tag(tag, if name.is_empty() { "?" } else { name });
        }
    }
    let result = result_of(game);
    pdn.set_tag("Result", result.as_str());
    // A loss on time is told from a resignation as PGN tells it.
    if let Some(Outcome::Win {
        reason: WinReason::Time,
        ..
    }) = game.outcome()
    {
        pdn.set_tag("Termination", "time forfeit");
    }
    let (game_type, variant_tag) = game_type_for(rules);
    pdn.set_tag("GameType", game_type);
    if variant_tag {
        pdn.set_tag("Variant", rules.id.clone());
    }
    let standard = rules.start_position().ok();
    if standard.as_ref() != Some(game.start()) {
        pdn.set_tag("SetUp", "1");
        pdn.set_tag("FEN", game.start().fen());
    } else {
        pdn.remove_tag("FEN");
        pdn.remove_tag("SetUp");
    }
    if rules.claim.is_some() {
        let e = match game.enforcement() {
            Enforcement::TableRules => "table",
            Enforcement::Strict => "strict",
        };
        pdn.set_tag("Enforcement", e);
    }
    let notation = pdn_notation(rules);
    let mut line = Line::default();
    for (i, m) in game.moves().iter().enumerate() {
        let pos = game.position_at(i).expect("a position per move");
        // Claims made before this move go in a comment in front of it (see replay.rs).
        let mut before = Vec::new();
        if let Some(sq) = game.huff_before(i) {
            before.push(format!("[%huff {sq}]"));
        }
        if let Some(v) = game.taken_back_before(i) {
            before.push(format!("[%takeback {}]", write(pos, rules, &v, notation)));
        }
        comment_before(&mut line, &before);
        // A violation (a capture stopped short) is told apart from every move table rules
        // allow, among which replay reads it back.
        let text = if game.violation_at(i).is_some() {
            write_among(pos, rules, m, notation, &pos.table_moves(rules))
        } else {
            write(pos, rules, m, notation)
        };
        let mut node = Node {
            text,
            mv: Some(*m),
            ..Node::default()
        };
        if game.violation_at(i).is_some() {
            node.comments.push("[%violation]".into());
        }
        line.nodes.push(node);
    }
    // A claim not yet followed by the claimer's move stands after the last move, where replay
    // makes it again (a save or an autosave in the middle of a claim loses nothing).
    let mut pending = Vec::new();
    if let Some(sq) = game.pending_huff() {
        pending.push(format!("[%huff {sq}]"));
    }
    if let Some(v) = game.pending_take_back() {
        let text = write(game.position(), rules, &v, notation);
        pending.push(format!("[%takeback {text}]"));
    }
    comment_before(&mut line, &pending);
    pdn.moves = line;
    pdn.result = Some(result);
    pdn
}

/// Puts the claim commands `commands` before the next move: in the comments of the last move
/// so far, or of the line when there is none.
fn comment_before(line: &mut Line, commands: &[String]) {
    if commands.is_empty() {
        return;
    }
    let comment = commands.join(" ");
    match line.nodes.last_mut() {
        Some(prev) => prev.comments.push(comment),
        None => line.comments.push(comment),
    }
}

/// Puts what the record `tree` holds of `game`'s moves into `pdn`, made from `game` by
/// [`to_pdn`]: the comments before the first move (`lead`), and after each move its glyphs and
/// comments, the time left as a `[%clk]` comment where it was timed, and the variations to it,
/// each as a PDN variation after the move it replaces. The tree's moves after the game's (taken
/// back) have no move to follow and are not written.
pub fn add_record(pdn: &mut PdnGame, game: &Game, tree: &GameTree, lead: &[String]) {
    let rules = game.rules();
    let notation = pdn_notation(rules);
    let line = &mut pdn.moves;
    line.comments.splice(0..0, lead.iter().cloned());
    let main = tree.main_nodes();
    let mut groups = tree
        .variations_before(line.nodes.len())
        .into_iter()
        .peekable();
    for (ply, node) in line.nodes.iter_mut().enumerate() {
        let (Some(kept), Some(pos)) = (main.get(ply), game.position_at(ply)) else {
            break;
        };
        if node.mv != Some(kept.mv()) {
            break;
        }
        node.nags.splice(0..0, kept.note.nags.iter().copied());
        node.comments
            .splice(0..0, kept.note.comments.iter().cloned());
        if let Some(left) = kept.clock {
            node.comments.push(super::clk_command(left));
        }
        if let Some((_, group)) = groups.next_if(|(p, _)| *p == ply) {
            node.variations = group
                .iter()
                .map(|v| variation_line(v, pos, rules, notation))
                .collect();
        }
    }
}

fn variation_line(v: &Variation, start: &Position, rules: &RuleSet, notation: Notation) -> Line {
    let mut pos = *start;
    let mut line = Line::default();
    for (i, m) in v.moves.iter().enumerate() {
        let note = v.note(i).cloned().unwrap_or_default();
        line.nodes.push(Node {
            text: write(&pos, rules, m, notation),
            mv: Some(*m),
            nags: note.nags,
            comments: note.comments,
            variations: v
                .at(i)
                .iter()
                .map(|s| variation_line(s, &pos, rules, notation))
                .collect(),
            ..Node::default()
        });
        pos.play_unchecked(m);
    }
    line
}

/// The record of a replayed PDN game (see [`replay`](super::replay)) as a tree: its main
/// line's moves with what an annotator wrote after each (Dáma's own commands left out) and the
/// time left (`[%clk]`), and the variations to the moves of `game` (its replayed record),
/// as long as they are the file's. A variation with a set-up of its own (`/FEN/`) does not start
/// from the game's position and is left out.
pub fn record_of(pdn: &PdnGame, game: &Game) -> GameTree {
    let nodes: Vec<&Node> = pdn
        .moves
        .nodes
        .iter()
        .take_while(|n| n.mv.is_some())
        .collect();
    let moves: Vec<Move> = nodes.iter().filter_map(|n| n.mv).collect();
    let notes: Vec<Note> = nodes.iter().map(|n| note_of(n)).collect();
    let clocks = pdn.clock_marks();
    let mut variations = Vec::new();
    for (ply, node) in nodes.iter().enumerate() {
        if game.moves().get(ply) != node.mv.as_ref() {
            break;
        }
        let lines: Vec<Variation> = node.variations.iter().filter_map(variation_of).collect();
        if !lines.is_empty() {
            variations.push((ply, lines));
        }
    }
    GameTree::from_record(&moves, &notes, &clocks, &variations)
}

/// A replayed PDN variation as a [`Variation`]; `None` for one without a move or with a
/// set-up of its own.
fn variation_of(line: &Line) -> Option<Variation> {
    if line.setup.is_some() {
        return None;
    }
    let mut v = Variation::default();
    for node in &line.nodes {
        let Some(m) = node.mv else { break };
        v.moves.push(m);
        v.sidelines
            .push(node.variations.iter().filter_map(variation_of).collect());
        v.notes.push(note_of(node));
    }
    while v.sidelines.last().is_some_and(Vec::is_empty) {
        v.sidelines.pop();
    }
    while v.notes.last().is_some_and(Note::is_empty) {
        v.notes.pop();
    }
    (!v.moves.is_empty()).then_some(v)
}

/// Annotates the moves a game review judged: `marks` are the move's ply, its glyph (2 `?`,
/// 4 `??`, 6 `?!`) and the better move, written as a variation of one move unless one starts
/// with it already.
pub fn add_marks(pdn: &mut PdnGame, game: &Game, marks: &[(usize, u16, Option<Move>)]) {
    let rules = game.rules();
    let notation = pdn_notation(rules);
    for &(ply, nag, better) in marks {
        let (Some(node), Some(pos)) = (pdn.moves.nodes.get_mut(ply), game.position_at(ply)) else {
            continue;
        };
        if !node.nags.contains(&nag) {
            node.nags.push(nag);
        }
        let Some(m) = better else {
            continue;
        };
        let known = node
            .variations
            .iter()
            .any(|v| v.nodes.first().and_then(|n| n.mv) == Some(m));
        if !known {
            node.variations.push(Line {
                nodes: vec![Node {
                    text: write(pos, rules, &m, notation),
                    mv: Some(m),
                    ..Node::default()
                }],
                ..Line::default()
            });
        }
    }
}

/// What an annotator wrote after `node`: its glyphs, and its comments without the commands
/// Dáma writes and reads itself (clock times, claims, violations), which are made again.
fn note_of(node: &Node) -> Note {
    Note {
        nags: node.nags.clone(),
        comments: node.comments.iter().filter_map(|c| annotation(c)).collect(),
    }
}

/// `comment` without Dáma's own commands (`[%clk …]`, `[%huff …]`, `[%takeback …]`,
/// `[%violation]`); `None` if nothing else is left.
fn annotation(comment: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(i) = rest.find("[%") {
        let Some(end) = rest[i..].find(']') else {
            break;
        };
        let body = &rest[i + 2..i + end];
        let name = body.split_whitespace().next().unwrap_or("");
        out.push_str(&rest[..i]);
        if !["clk", "huff", "takeback", "violation"].contains(&name) {
            out.push_str(&rest[i..=i + end]);
        }
        rest = &rest[i + end + 1..];
    }
    out.push_str(rest);
    let out = out.trim();
    (!out.is_empty()).then(|| out.to_string())
}

/// What an annotator wrote before the first move of a read PDN game (Dáma's own commands
/// left out); what was written after each move is in its [`record_of`].
pub fn lead_of(pdn: &PdnGame) -> Vec<String> {
    pdn.moves
        .comments
        .iter()
        .filter_map(|c| annotation(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game of `text` replayed and ended as it states: its outcome and the warning.
    fn ended(text: &str) -> (Option<Outcome>, Option<WarningKind>, ResultToken) {
        let mut pdn = crate::notation::pdn::Reader::new(text.as_bytes())
            .next()
            .unwrap()
            .unwrap();
        let mut game = crate::notation::pdn::replay(&mut pdn, 1, None, None)
            .unwrap()
            .game;
        let warning = read_result(&pdn, &mut game, 1).map(|w| w.kind);
        (
            game.outcome(),
            warning,
            to_pdn(&game, &pdn.tags, ["", ""]).result.unwrap(),
        )
    }

    #[test]
    fn a_stated_result_ends_the_game_as_the_file_says() {
        use crate::rules::Color::{Black, White};
        let win = |winner, reason| Some(Outcome::Win { winner, reason });
        // English: Black moves first, so 1-0 is Black's win.
        let moves = "[GameType \"21\"]\n1. 11-15 23-19";
        for (end, tags, outcome, result) in [
            (
                "0-1",
                "",
                win(White, WinReason::Resignation),
                ResultToken::SecondWins,
            ),
            (
                "1-0",
                "",
                win(Black, WinReason::Resignation),
                ResultToken::FirstWins,
            ),
            (
                "1-0",
                "[Termination \"time forfeit\"]",
                win(Black, WinReason::Time),
                ResultToken::FirstWins,
            ),
            (
                "0-1",
                "[Termination \"Adjudication\"]",
                win(White, WinReason::Adjudication),
                ResultToken::SecondWins,
            ),
            (
                "1/2-1/2",
                "",
                Some(Outcome::Draw(DrawReason::Agreement)),
                ResultToken::Draw,
            ),
            (
                "1/2-1/2",
                "[Termination \"adjudicated\"]",
                Some(Outcome::Draw(DrawReason::Adjudication)),
                ResultToken::Draw,
            ),
            ("*", "", None, ResultToken::Unknown),
        ] {
            let text = format!("{tags}{moves} {end}\n");
            assert_eq!(ended(&text), (outcome, None, result), "{text}");
        }
        // The Result tag speaks where the moves end without one.
        let (outcome, _, result) = ended("[GameType \"21\"][Result \"0-1\"]\n1. 11-15 23-19\n");
        assert_eq!(outcome, win(White, WinReason::Resignation));
        assert_eq!(result, ResultToken::SecondWins);
    }

    #[test]
    fn a_result_the_position_contradicts_is_kept_with_a_warning() {
        use crate::rules::Color::{Black, White};
        // Black to move without a piece: the position says White won, the file says Black.
        let text = "[GameType \"21\"][SetUp \"1\"][FEN \"W:W18:B14\"]\n1. 18x9 1-0\n";
        let (outcome, warning, result) = ended(text);
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: Black,
                reason: WinReason::Adjudication
            })
        );
        assert_eq!(
            warning,
            Some(WarningKind::ResultContradicts {
                stated: ResultToken::FirstWins,
                position: ResultToken::SecondWins
            })
        );
        assert_eq!(result, ResultToken::FirstWins);
        // The same result as the position's: nothing to say.
        let (outcome, warning, _) = ended(&text.replace("1-0", "0-1"));
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: White,
                reason: WinReason::NoLegalMove
            })
        );
        assert_eq!(warning, None);
    }

    #[test]
    fn a_record_tree_is_written_and_read_back() {
        use crate::rules::Variant;
        use std::time::Duration;
        let rules = Variant::Czech.rules().clone();
        let mut game = Game::new(rules.clone()).unwrap();
        let mut moves = Vec::new();
        for _ in 0..3 {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
            moves.push(m);
        }
        let note = |text: &str| Note {
            nags: vec![1],
            comments: vec![text.to_string()],
        };
        let mut tree = GameTree::from_moves(&moves);
        tree.node_mut(&[0]).unwrap().note = note("first");
        tree.node_mut(&[0, 0]).unwrap().clock = Some(Duration::from_secs(61));
        let other = game.position_at(1).unwrap().legal_moves(&rules)[1];
        let v = tree.vary(&[0, 0], other).unwrap();
        tree.node_mut(&v).unwrap().note = note("instead");
        // A move taken back after the game's is not written.
        let later = game.legal_moves()[0];
        tree.extend(&[0, 0, 0], later).unwrap();
        let mut pdn = to_pdn(&game, &[], ["", ""]);
        add_record(&mut pdn, &game, &tree, &["lead".to_string()]);
        assert_eq!(pdn.moves.comments, ["lead"]);
        assert_eq!(
            pdn.moves.nodes[1].comments,
            [crate::notation::pdn::clk_command(Duration::from_secs(61))]
        );
        assert_eq!(
            pdn.clock_marks(),
            [None, Some(Duration::from_secs(61)), None]
        );
        assert_eq!(lead_of(&pdn), ["lead"]);
        let back = record_of(&pdn, &game);
        assert_eq!(back.main_line(), moves);
        assert_eq!(back.variations(), tree.variations());
        assert_eq!(back.node(&[0]).unwrap().note, note("first"));
        assert_eq!(
            back.node(&[0, 0]).unwrap().clock,
            Some(Duration::from_secs(61))
        );
        assert_eq!(back.node(&[0, 1]).unwrap().note, note("instead"));
        // Variations to moves that are not the game's are not read: they have none to follow.
        let mut shorter = game.clone();
        shorter.undo().unwrap();
        shorter.undo().unwrap();
        assert!(record_of(&pdn, &shorter).variations().is_empty());
    }

    #[test]
    fn an_annotators_comment_is_told_from_damas_own_commands() {
        assert_eq!(annotation("[%clk 0:04:57]"), None);
        assert_eq!(annotation("[%violation]"), None);
        assert_eq!(
            annotation("Strong! [%clk 0:01:00] [%eval 0.3]").as_deref(),
            Some("Strong!  [%eval 0.3]")
        );
        assert_eq!(
            annotation("  the only move ").as_deref(),
            Some("the only move")
        );
        assert_eq!(annotation("[%huff 30] [%takeback 22-18]"), None);
        assert_eq!(annotation("broken [%clk").as_deref(), Some("broken [%clk"));
    }
}

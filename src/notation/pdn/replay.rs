//! Replaying a read game on the rules core.
//!
//! Table rules (rules.md §5) travel in PDN as comment commands, so that a saved game replays
//! identically while other programs still read the moves:
//! - `[Enforcement "table"]` (or `"strict"`): the game's enforcement; without it, the rule set's
//!   default.
//! - `{[%violation]}` after a move that ignored a mandatory capture or stopped one early (only
//!   a move so marked may break the capture rules, and only under table rules).
//! - `{[%huff 30]}` before a move: its player first claimed and removed the offender on 30.
//! - `{[%takeback 1-5]}` before a move: the opponent's claim took back that violating move,
//!   and this move is the capture that replaced it.

use crate::notation::{MoveText, Notation, write};
use crate::rules::{Enforcement, Game, Move, Position, RuleSet};

use super::rule_choice::infer_variant;
use super::{
    Line, PdnError, PdnErrorKind as Kind, PdnGame, TextPos, Warning, WarningKind, pdn_notation,
    variant_from_tags,
};

/// A game replayed on the rules core.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The main line as a game record (its rule set included).
    pub game: Game,
    /// What was accepted leniently: the reader's warnings and replay's own.
    pub warnings: Vec<Warning>,
}

/// A table-rules command found in a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Command {
    Huff(String),
    TakeBack(String),
}

/// The commands of a comment (`[%huff 30]`, `[%takeback 1-5]`); `[%violation]` is only a mark.
fn commands(comment: &str) -> Vec<Command> {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(i) = rest.find("[%") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(']') else { break };
        let body = rest[..end].trim();
        let (name, arg) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        match name {
            "huff" => out.push(Command::Huff(arg.trim().to_string())),
            "takeback" => out.push(Command::TakeBack(arg.trim().to_string())),
            _ => {}
        }
        rest = &rest[end + 1..];
    }
    out
}

/// How many moves after an ambiguous short capture are tried to tell its paths apart (the
/// rest of the game, as far as it goes).
const LOOKAHEAD: usize = 1000;

struct Ctx<'a> {
    rules: &'a RuleSet,
    game_no: usize,
    rewrite: Notation,
    warnings: Vec<Warning>,
}

impl Ctx<'_> {
    fn error(&self, pos: TextPos, kind: Kind) -> PdnError {
        PdnError::new(pos, kind).in_game(self.game_no)
    }

    /// Applies the table-rules commands of `comments` (standing before the next move) to the
    /// game.
    fn claims(&self, game: &mut Game, comments: &[String], at: TextPos) -> Result<(), PdnError> {
        for c in comments.iter().flat_map(|c| commands(c)) {
            match c {
                Command::Huff(sq) => {
                    let square = game
                        .position()
                        .board()
                        .parse_square(&sq)
                        .ok_or_else(|| self.error(at, Kind::HuffSquare(sq.clone())))?;
                    game.claim_huff(square).map_err(|error| {
                        self.error(
                            at,
                            Kind::Huff {
                                square: sq.clone(),
                                error,
                            },
                        )
                    })?;
                }
                Command::TakeBack(text) => {
                    let pos = *game.position();
                    let m = MoveText::parse(pos.board(), &text)
                        .and_then(|t| {
                            t.resolve_among(&pos, self.rules, &text, &game.allowed_moves())
                        })
                        .map_err(|error| {
                            self.error(
                                at,
                                Kind::TakeBackMove {
                                    text: text.clone(),
                                    error,
                                },
                            )
                        })?
                        .0;
                    game.play(m)
                        .and_then(|_| game.claim_take_back())
                        .map_err(|error| {
                            self.error(
                                at,
                                Kind::TakeBack {
                                    text: text.clone(),
                                    error,
                                },
                            )
                        })?;
                }
            }
        }
        Ok(())
    }

    /// Resolves every move of `line` from `start`, variations included (strictly legal moves).
    fn variation(&mut self, line: &mut Line, start: Position) -> Result<(), PdnError> {
        let mut pos = self.setup(line, start)?;
        for node in &mut line.nodes {
            for v in &mut node.variations {
                self.variation(v, pos)?;
            }
            let m = self.resolve(node, &pos, &pos.legal_moves(self.rules))?;
            pos.play_unchecked(&m);
        }
        Ok(())
    }

    fn setup(&self, line: &Line, start: Position) -> Result<Position, PdnError> {
        match &line.setup {
            None => Ok(start),
            Some(fen) => self.rules.parse_fen(fen).map_err(|error| {
                self.error(
                    line.setup_pos,
                    Kind::BadSetup {
                        fen: fen.clone(),
                        error,
                    },
                )
            }),
        }
    }

    /// A short capture that fits several moves (`36x16`, two paths), resolved by the moves
    /// after it: the first path after which the rest of the line (up to [`LOOKAHEAD`] moves)
    /// is legal, with a warning; else `error` stands.
    fn by_next_moves(
        &mut self,
        node: &mut super::Node,
        pos: &Position,
        moves: &[Move],
        next: &[String],
        error: PdnError,
    ) -> Result<Move, PdnError> {
        let Kind::Move(crate::notation::MoveTextError::Ambiguous { .. }) = &error.kind else {
            return Err(error);
        };
        if next.is_empty() {
            return Err(error);
        }
        let Ok(parsed) = MoveText::parse(pos.board(), &node.text) else {
            return Err(error);
        };
        let fits = moves.iter().filter(|&&m| {
            parsed
                .resolve_among(pos, self.rules, &node.text, &[m])
                .is_ok()
        });
        let followed: Vec<Move> = fits
            .copied()
            .filter(|m| {
                let mut after = *pos;
                after.play_unchecked(m);
                next.iter().all(|text| {
                    let found = MoveText::parse(after.board(), text).and_then(|t| {
                        t.resolve_among(&after, self.rules, text, &after.legal_moves(self.rules))
                    });
                    match found {
                        Ok((m, _)) => {
                            after.play_unchecked(&m);
                            true
                        }
                        // A later ambiguity says nothing against this path.
                        Err(crate::notation::MoveTextError::Ambiguous { .. }) => true,
                        Err(_) => false,
                    }
                })
            })
            .collect();
        let Some(&m) = followed.first() else {
            return Err(error);
        };
        self.warnings.push(Warning {
            pos: node.pos,
            game: self.game_no,
            kind: WarningKind::ChosenByNextMove {
                text: node.text.clone(),
                chosen: crate::notation::full_path(pos, self.rules, &m, Notation::Numeric),
            },
        });
        node.text = write(pos, self.rules, &m, self.rewrite);
        node.mv = Some(m);
        Ok(m)
    }

    /// Matches a node's move among `moves`, notes leniency, and rewrites its text.
    fn resolve(
        &mut self,
        node: &mut super::Node,
        pos: &Position,
        moves: &[Move],
    ) -> Result<Move, PdnError> {
        let parsed = MoveText::parse(pos.board(), &node.text)
            .map_err(|e| self.error(node.pos, Kind::Move(e)))?;
        let (m, leniency) = parsed
            .resolve_among(pos, self.rules, &node.text, moves)
            .map_err(|e| self.error(node.pos, Kind::Move(e)))?;
        if let Some(leniency) = leniency {
            self.warnings.push(Warning {
                pos: node.pos,
                game: self.game_no,
                kind: WarningKind::Lenient {
                    text: node.text.clone(),
                    leniency,
                },
            });
        }
        node.text = write(pos, self.rules, &m, self.rewrite);
        node.mv = Some(m);
        Ok(m)
    }
}

/// Replays `pdn` (game number `game_no` of its file) on the rules core: chooses the rule set
/// (`rules` if given, else the tags, else from the squares used, with a warning), reads the
/// FEN tag, and matches every move, variations included, against the moves allowed (under
/// table rules, also the violations the game records). Each node's `mv` is filled in and its
/// text rewritten in `rewrite`'s notation, or, when `rewrite` is `None`, normalised in the
/// notation PDN uses for the rule set ([`pdn_notation`]).
///
/// # Errors
/// A bad GameType or FEN, an illegal or ambiguous move, or a claim that cannot be made, with
/// its line and column.
pub fn replay(
    pdn: &mut PdnGame,
    game_no: usize,
    rules: Option<&RuleSet>,
    rewrite: Option<Notation>,
) -> Result<Replayed, PdnError> {
    let inferred = rules.is_none() && matches!(variant_from_tags(pdn), Ok(None));
    let first = pdn.moves.nodes.first().map(|n| n.pos);
    match replay_with(pdn, game_no, rules, rewrite) {
        Err(mut e) if inferred => {
            let (variant, reason) = infer_variant(pdn);
            // Where the guess may be what is wrong: a game that fails at once, or algebraic
            // moves (Russian files are algebraic too).
            if Some(e.pos) != first && variant != crate::rules::Variant::Czech {
                return Err(e);
            }
            e.kind = Kind::ReadAs {
                variant,
                reason,
                error: Box::new(e.kind),
            };
            Err(e)
        }
        other => other,
    }
}

fn replay_with(
    pdn: &mut PdnGame,
    game_no: usize,
    rules: Option<&RuleSet>,
    rewrite: Option<Notation>,
) -> Result<Replayed, PdnError> {
    let warnings = pdn.warnings.clone();
    let here = |kind: Kind| PdnError::new(pdn.pos, kind).in_game(game_no);
    let at_tag = |tag: &str, kind: Kind| {
        PdnError::new(pdn.tag_position(tag).unwrap_or(pdn.pos), kind).in_game(game_no)
    };
    let mut warnings = warnings;
    let chosen: RuleSet = match rules {
        Some(r) => r.clone(),
        None => match variant_from_tags(pdn).map_err(|e| {
            let tag = match e {
                super::GameTypeError::UnknownVariant(_) => "Variant",
                super::GameTypeError::NoNumber(_) | super::GameTypeError::Unknown(_) => "GameType",
            };
            at_tag(tag, Kind::GameType(e))
        })? {
            Some(v) => v.rules().clone(),
            None => {
                let (v, reason) = infer_variant(pdn);
                warnings.push(Warning {
                    pos: pdn.pos,
                    game: game_no,
                    kind: WarningKind::Inferred { variant: v, reason },
                });
                v.rules().clone()
            }
        },
    };
    let start = match pdn.tag("FEN") {
        Some(fen) => chosen.parse_fen(fen).map_err(|error| {
            at_tag(
                "FEN",
                Kind::BadFenTag {
                    fen: fen.to_string(),
                    error,
                },
            )
        })?,
        None => chosen.start_position().map_err(|e| here(Kind::Rules(e)))?,
    };
    // Written back in its own form (`W:W31,32:B1.` read, `W:W31,32:B1` written: other readers
    // refuse the trailing dot some files have), as the moves are.
    if pdn.tag("FEN").is_some() {
        pdn.set_tag("FEN", start.fen());
    }
    let enforcement = match pdn.tag("Enforcement").map(str::trim) {
        Some("table") => Some(Enforcement::TableRules),
        Some("strict") => Some(Enforcement::Strict),
        _ => None,
    };
    let mut cx = Ctx {
        rules: &chosen,
        game_no,
        rewrite: rewrite.unwrap_or_else(|| pdn_notation(&chosen)),
        warnings,
    };
    let line = &mut pdn.moves;
    let first = cx.setup(line, start)?;
    let mut game = Game::from_position(chosen.clone(), first);
    if let Some(e) = enforcement {
        game.set_enforcement(e);
    }
    // Players may play on past a repetition nobody claimed; the record keeps every move.
    game.set_automatic_draws(false);
    let first_at = line.nodes.first().map(|n| n.pos).unwrap_or(line.setup_pos);
    cx.claims(&mut game, &line.comments, first_at)?;
    let count = line.nodes.len();
    for i in 0..count {
        let before = *game.position();
        for v in &mut line.nodes[i].variations {
            cx.variation(v, before)?;
        }
        // A move outside the rules is read only where the file marks it as a violation.
        let marked = line.nodes[i]
            .comments
            .iter()
            .any(|c| c.contains("[%violation]"));
        let allowed = if marked {
            game.allowed_moves()
        } else {
            before.legal_moves(&chosen)
        };
        let m = match cx.resolve(&mut line.nodes[i], &before, &allowed) {
            Ok(m) => m,
            Err(e) => {
                let next: Vec<String> = line.nodes[i + 1..]
                    .iter()
                    .take(LOOKAHEAD)
                    .map(|n| n.text.clone())
                    .collect();
                cx.by_next_moves(&mut line.nodes[i], &before, &allowed, &next, e)?
            }
        };
        let at = line.nodes[i].pos;
        game.play(m).map_err(|e| cx.error(at, Kind::MainLine(e)))?;
        let next_at = line.nodes.get(i + 1).map(|n| n.pos).unwrap_or(at);
        let comments = line.nodes[i].comments.clone();
        cx.claims(&mut game, &comments, next_at)?;
    }
    game.set_automatic_draws(true);
    Ok(Replayed {
        game,
        warnings: cx.warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_commands() {
        assert_eq!(
            commands("a [%huff 30] b [%takeback 1-5] [%violation] [%clk 0:01]"),
            vec![Command::Huff("30".into()), Command::TakeBack("1-5".into())]
        );
        assert!(commands("no commands [% broken").is_empty());
    }
}

//! The token stream the formatter works on: HCL's native-syntax tokens as
//! HashiCorp's scanner cuts them (`hclsyntax/scan_tokens.rl`), comments and
//! newlines included, quoted strings and heredocs as sequences of tokens.
//!
//! The parser reads text without tokens, so the formatter has its own
//! scanner. It follows the scanner's modes (code, quoted strings, heredocs,
//! the `${ }` / `%{ }` sequences in them) and its token boundaries where
//! they matter to the layout: a token's kind decides the spaces around it,
//! and a single-line comment token ends with the newline it consumes.
//! Adjacent literal pieces of a template are one token here where HCL's
//! scanner makes several (at each `$` and `%`): the layout puts no space
//! between template pieces, so the result is the same. Whitespace between
//! tokens (spaces and tabs) belongs to no token.

use crate::native::ident;

/// The kinds of tokens, named as `hclsyntax.TokenType` names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    LessThan,
    LessThanEq,
    GreaterThan,
    GreaterThanEq,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    DoubleColon,
    Ellipsis,
    FatArrow,
    Question,
    Colon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    QuotedLit,
    StringLit,
    NumberLit,
    Ident,
    Comment,
    Newline,
    Eof,
    /// Anything the language does not use (the file then does not parse,
    /// so the formatter never lays such a stream out).
    Invalid,
}

impl Kind {
    /// How the token changes the bracket nesting: `{ [ ( ${ %{` open,
    /// `} ] ) }` of a sequence close.
    pub(super) fn bracket_change(self) -> i32 {
        match self {
            Kind::OBrace
            | Kind::OBrack
            | Kind::OParen
            | Kind::TemplateControl
            | Kind::TemplateInterp => 1,
            Kind::CBrace | Kind::CBrack | Kind::CParen | Kind::TemplateSeqEnd => -1,
            _ => 0,
        }
    }
}

/// One token: its kind and its bytes `start..end` in the source.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// What the scanner is reading.
enum Mode {
    /// Code: the file's top level, or inside a `${ }` / `%{ }` sequence.
    Code,
    /// Inside a quoted string.
    Quoted,
    /// Inside a heredoc, with its closing marker; whether the next piece
    /// starts a line (only a whole line can close the heredoc).
    Heredoc {
        marker: (usize, usize),
        line_start: bool,
    },
}

/// The tokens of `src` (a byte order mark already removed), ending with an
/// [`Kind::Eof`] token at the end of the text.
pub(super) fn tokens(src: &str) -> Vec<Token> {
    let mut lx = Lexer {
        src,
        b: src.as_bytes(),
        i: 0,
        out: Vec::with_capacity(src.len() / 3),
        modes: vec![Mode::Code],
        braces: 0,
        seq_braces: Vec::new(),
    };
    while lx.i < lx.b.len() {
        match lx.modes.last() {
            Some(Mode::Quoted) => lx.quoted(),
            Some(Mode::Heredoc { .. }) => lx.heredoc(),
            _ => lx.code(),
        }
    }
    lx.out.push(Token {
        kind: Kind::Eof,
        start: src.len(),
        end: src.len(),
    });
    lx.out
}

struct Lexer<'s> {
    src: &'s str,
    b: &'s [u8],
    i: usize,
    out: Vec<Token>,
    modes: Vec<Mode>,
    /// Open braces, the sequences' own included.
    braces: i64,
    /// The brace level at which each open `${` / `%{` sequence closes.
    seq_braces: Vec<i64>,
}

impl Lexer<'_> {
    fn emit(&mut self, kind: Kind, len: usize) {
        self.out.push(Token {
            kind,
            start: self.i,
            end: self.i + len,
        });
        self.i += len;
    }

    fn at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    /// `${` or `%{` (with an optional `~`) at the cursor: a sequence opens,
    /// read in code mode until its closing brace.
    fn sequence(&mut self, kind: Kind) {
        let len = if self.at(2) == Some(b'~') { 3 } else { 2 };
        self.emit(kind, len);
        self.braces += 1;
        self.seq_braces.push(self.braces);
        if let Some(Mode::Heredoc { line_start, .. }) = self.modes.last_mut() {
            *line_start = false;
        }
        self.modes.push(Mode::Code);
    }

    /// A closing brace (`}` or `~}`): the end of a sequence when it is at
    /// the sequence's level.
    fn close_brace(&mut self, len: usize) {
        if self.seq_braces.last() == Some(&self.braces) {
            self.emit(Kind::TemplateSeqEnd, len);
            self.seq_braces.pop();
            self.modes.pop();
        } else if len == 2 {
            self.emit(Kind::TemplateSeqEnd, len);
        } else {
            self.emit(Kind::CBrace, len);
        }
        self.braces -= 1;
    }

    fn code(&mut self) {
        let c = self.b[self.i];
        let next = self.at(1);
        let two = |a: u8, b: u8| c == a && next == Some(b);
        match c {
            b' ' | b'\t' => self.i += 1,
            b'0'..=b'9' => {
                let len = self.number_len();
                self.emit(Kind::NumberLit, len);
            }
            b'#' => self.line_comment(1),
            b'/' if next == Some(b'/') => self.line_comment(2),
            b'/' if next == Some(b'*') => {
                match memchr::memmem::find(&self.b[self.i + 2..], b"*/") {
                    Some(k) => self.emit(Kind::Comment, k + 4),
                    None => self.emit(Kind::Invalid, self.b.len() - self.i),
                }
            }
            b'\n' => self.emit(Kind::Newline, 1),
            b'\r' if next == Some(b'\n') => self.emit(Kind::Newline, 2),
            _ if two(b'=', b'=') => self.emit(Kind::EqualOp, 2),
            _ if two(b'!', b'=') => self.emit(Kind::NotEqual, 2),
            _ if two(b'>', b'=') => self.emit(Kind::GreaterThanEq, 2),
            _ if two(b'<', b'=') => self.emit(Kind::LessThanEq, 2),
            _ if two(b'&', b'&') => self.emit(Kind::And, 2),
            _ if two(b'|', b'|') => self.emit(Kind::Or, 2),
            _ if two(b':', b':') => self.emit(Kind::DoubleColon, 2),
            _ if two(b'=', b'>') => self.emit(Kind::FatArrow, 2),
            _ if two(b'~', b'}') => self.close_brace(2),
            b'.' if next == Some(b'.') && self.at(2) == Some(b'.') => {
                self.emit(Kind::Ellipsis, 3);
            }
            b'<' if next == Some(b'<') => match self.heredoc_intro() {
                Some((len, marker)) => {
                    self.emit(Kind::OHeredoc, len);
                    self.modes.push(Mode::Heredoc {
                        marker,
                        line_start: true,
                    });
                }
                None => self.emit(Kind::LessThan, 1),
            },
            b'{' => {
                self.emit(Kind::OBrace, 1);
                self.braces += 1;
            }
            b'}' => self.close_brace(1),
            b'"' => {
                self.emit(Kind::OQuote, 1);
                self.modes.push(Mode::Quoted);
            }
            _ => {
                let kind = match c {
                    b'[' => Kind::OBrack,
                    b']' => Kind::CBrack,
                    b'(' => Kind::OParen,
                    b')' => Kind::CParen,
                    b'.' => Kind::Dot,
                    b',' => Kind::Comma,
                    b'*' => Kind::Star,
                    b'/' => Kind::Slash,
                    b'%' => Kind::Percent,
                    b'+' => Kind::Plus,
                    b'-' => Kind::Minus,
                    b'=' => Kind::Equal,
                    b'<' => Kind::LessThan,
                    b'>' => Kind::GreaterThan,
                    b'!' => Kind::Bang,
                    b'?' => Kind::Question,
                    b':' => Kind::Colon,
                    _ => {
                        if let Some(len) = ident::len(&self.src[self.i..]) {
                            self.emit(Kind::Ident, len);
                        } else {
                            let len = self.src[self.i..].chars().next().map_or(1, char::len_utf8);
                            self.emit(Kind::Invalid, len);
                        }
                        return;
                    }
                };
                self.emit(kind, 1);
            }
        }
    }

    /// A `#` or `//` comment: up to and including the end of its line.
    fn line_comment(&mut self, intro: usize) {
        let rest = &self.b[self.i + intro..];
        let len = memchr::memchr(b'\n', rest).map_or(rest.len(), |k| k + 1);
        self.emit(Kind::Comment, intro + len);
    }

    /// The scanner's number: a digit, then digits, `.` and exponents
    /// (`e`, `E`, optional sign, digit), the longest run not ending in `.`.
    fn number_len(&self) -> usize {
        let b = self.b;
        let mut j = self.i + 1;
        let mut end = j;
        loop {
            match b.get(j) {
                Some(c) if c.is_ascii_digit() => {
                    j += 1;
                    end = j;
                }
                Some(b'.') => j += 1,
                Some(b'e' | b'E') => {
                    let mut k = j + 1;
                    if matches!(b.get(k), Some(b'+' | b'-')) {
                        k += 1;
                    }
                    if b.get(k).is_some_and(u8::is_ascii_digit) {
                        j = k + 1;
                        end = j;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        end - self.i
    }

    /// `<<` or `<<-`, an identifier and a newline at the cursor: the
    /// token's length and the marker's bytes.
    fn heredoc_intro(&self) -> Option<(usize, (usize, usize))> {
        let mut j = self.i + 2;
        if self.b.get(j) == Some(&b'-') {
            j += 1;
        }
        let len = ident::len(&self.src[j..])?;
        let marker = (j, j + len);
        j += len;
        match self.b.get(j) {
            Some(b'\n') => Some((j + 1 - self.i, marker)),
            Some(b'\r') if self.b.get(j + 1) == Some(&b'\n') => Some((j + 2 - self.i, marker)),
            _ => None,
        }
    }

    fn quoted(&mut self) {
        let c = self.b[self.i];
        let next = self.at(1);
        match c {
            b'$' if next == Some(b'{') => self.sequence(Kind::TemplateInterp),
            b'%' if next == Some(b'{') => self.sequence(Kind::TemplateControl),
            b'"' => {
                self.emit(Kind::CQuote, 1);
                self.modes.pop();
            }
            b'\n' | b'\r' => {
                let run = self.b[self.i..]
                    .iter()
                    .take_while(|c| matches!(c, b'\n' | b'\r'))
                    .count();
                self.emit(Kind::Invalid, run);
            }
            _ => {
                let len = self.literal_len(true);
                self.emit(Kind::QuotedLit, len);
            }
        }
    }

    /// The length of the template literal at the cursor: up to a
    /// sequence, a newline, or (in a quoted string) the closing quote.
    /// `$${` and `%%{` are literal text; in a quoted string a backslash
    /// takes the next character with it.
    fn literal_len(&self, quoted: bool) -> usize {
        let b = self.b;
        let mut j = self.i;
        while let Some(&c) = b.get(j) {
            match c {
                b'\n' | b'\r' => break,
                b'"' if quoted => break,
                b'$' | b'%' => match b.get(j + 1) {
                    Some(b'{') => break,
                    Some(&d) if d == c && b.get(j + 2) == Some(&b'{') => j += 3,
                    _ => j += 1,
                },
                b'\\' if quoted && !matches!(b.get(j + 1), None | Some(b'\n' | b'\r')) => {
                    j += 1;
                    j += self.src[j..].chars().next().map_or(1, char::len_utf8);
                }
                _ => j += 1,
            }
        }
        if j == self.i {
            // A lone `\r`: not a newline, kept as a literal piece.
            j += 1;
        }
        j - self.i
    }

    fn heredoc(&mut self) {
        let Some(&Mode::Heredoc { marker, line_start }) = self.modes.last() else {
            return;
        };
        let c = self.b[self.i];
        let next = self.at(1);
        match c {
            b'$' if next == Some(b'{') => return self.sequence(Kind::TemplateInterp),
            b'%' if next == Some(b'{') => return self.sequence(Kind::TemplateControl),
            _ => {}
        }
        let rest = &self.b[self.i..];
        let eol = memchr::memchr(b'\n', rest);
        if line_start {
            if let Some(nl) = eol {
                let line = &rest[..nl];
                let marker = &self.b[marker.0..marker.1];
                if line.trim_ascii() == marker {
                    let end = if line.ends_with(b"\r") { nl - 1 } else { nl };
                    self.emit(Kind::CHeredoc, end);
                    self.emit(Kind::Newline, nl + 1 - end);
                    self.modes.pop();
                    return;
                }
            }
        }
        let len = match c {
            b'\n' => 0,
            b'\r' if next == Some(b'\n') => 0,
            _ => self.literal_len(false),
        };
        // A piece that reaches the end of its line takes the newline.
        let len = match self.b.get(self.i + len) {
            Some(b'\n') => len + 1,
            Some(b'\r') if self.b.get(self.i + len + 1) == Some(&b'\n') => len + 2,
            _ => len,
        };
        let ends_line = self.b[self.i + len - 1] == b'\n';
        self.emit(Kind::StringLit, len);
        if let Some(Mode::Heredoc { line_start, .. }) = self.modes.last_mut() {
            *line_start = ends_line;
        }
    }
}

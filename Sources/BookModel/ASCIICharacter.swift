extension Character {
    /// The byte when this Character is one ASCII scalar, else nil ("\r\n", two scalars, is not one). What
    /// `c == " "` tells, without comparing Characters: for a non-ASCII Character, `==` normalizes both sides, about
    /// 900 instructions, where this reads a length (issue 19: a Devanagari contents entry of 20 characters cost
    /// 72,000 instructions to collapse). A Character equal to one ASCII scalar is that scalar, since no other text
    /// is canonically equivalent to it.
    @inlinable public var singleASCIIByte: UInt8? {
        let utf8 = self.utf8
        return utf8.count == 1 ? utf8.first : nil
    }
}

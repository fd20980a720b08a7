package app.androperator.operator.core

import java.math.BigDecimal

/**
 * A small JSON reader/writer with JavaScript semantics, so that the Operator's
 * output is byte-for-byte what `JSON.stringify` produces on the Node side.
 *
 * Values are plain Kotlin: `null`, `Boolean`, `Double` (every number, as in
 * JavaScript), `String`, `List<Any?>` and `Map<String, Any?>` (insertion order
 * kept, a later duplicate key wins as in `JSON.parse`).
 */
object Json {
    class ParseException(message: String) : RuntimeException(message)

    fun parse(text: String): Any? {
        val reader = Reader(text)
        reader.skipWhitespace()
        val value = reader.readValue()
        reader.skipWhitespace()
        if (!reader.atEnd()) throw ParseException("unexpected trailing data at ${reader.pos}")
        return value
    }

    fun stringify(value: Any?): String = StringBuilder().also { write(it, value) }.toString()

    private fun write(out: StringBuilder, value: Any?) {
        when (value) {
            null -> out.append("null")
            is Boolean -> out.append(if (value) "true" else "false")
            is Number -> out.append(formatNumber(value.toDouble()))
            is String -> quote(out, value)
            is Map<*, *> -> {
                out.append('{')
                var first = true
                for ((key, item) in value) {
                    if (item === Undefined) continue
                    if (!first) out.append(',')
                    first = false
                    quote(out, key.toString())
                    out.append(':')
                    write(out, item)
                }
                out.append('}')
            }
            is List<*> -> {
                out.append('[')
                value.forEachIndexed { index, item ->
                    if (index > 0) out.append(',')
                    write(out, if (item === Undefined) null else item)
                }
                out.append(']')
            }
            else -> throw IllegalArgumentException("not a JSON value: ${value.javaClass.name}")
        }
    }

    /** A map value that is skipped on output, like `undefined` in `JSON.stringify`. */
    object Undefined

    /** `JSON.stringify` string quoting (ES2019 well-formed: lone surrogates escaped). */
    fun quote(out: StringBuilder, s: String) {
        out.append('"')
        var i = 0
        while (i < s.length) {
            val c = s[i]
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\b' -> out.append("\\b")
                c == '\u000C' -> out.append("\\f")
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' -> out.append("\\u").append(hex4(c))
                Character.isHighSurrogate(c) && i + 1 < s.length && Character.isLowSurrogate(s[i + 1]) -> {
                    out.append(c).append(s[i + 1])
                    i++
                }
                Character.isSurrogate(c) -> out.append("\\u").append(hex4(c))
                else -> out.append(c)
            }
            i++
        }
        out.append('"')
    }

    private fun hex4(c: Char): String = Integer.toHexString(c.toInt()).padStart(4, '0')

    /** ECMAScript Number::toString(10) for finite values; non-finite become `null` like JSON.stringify. */
    fun formatNumber(d: Double): String {
        if (d.isNaN() || d.isInfinite()) return "null"
        if (d == 0.0) return "0"
        if (d < 0) return "-" + formatNumber(-d)
        val decimal = BigDecimal(java.lang.Double.toString(d)).stripTrailingZeros()
        val digits = decimal.unscaledValue().toString()
        val k = digits.length
        val n = k - decimal.scale()
        return when {
            n in k..21 -> digits + "0".repeat(n - k)
            n in 1..21 -> digits.substring(0, n) + "." + digits.substring(n)
            n in -5..0 -> "0." + "0".repeat(-n) + digits
            else -> {
                val exp = n - 1
                val sign = if (exp >= 0) "+" else "-"
                val mantissa = if (k == 1) digits else digits[0] + "." + digits.substring(1)
                mantissa + "e" + sign + Math.abs(exp)
            }
        }
    }

    private class Reader(val text: String) {
        var pos = 0

        fun atEnd() = pos >= text.length

        fun skipWhitespace() {
            while (pos < text.length && text[pos].let { it == ' ' || it == '\t' || it == '\n' || it == '\r' }) pos++
        }

        fun readValue(): Any? {
            if (atEnd()) throw ParseException("unexpected end of input")
            return when (val c = text[pos]) {
                '{' -> readObject()
                '[' -> readArray()
                '"' -> readString()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> if (c == '-' || c in '0'..'9') readNumber() else throw ParseException("unexpected '$c' at $pos")
            }
        }

        private fun literal(word: String, value: Any?): Any? {
            if (!text.startsWith(word, pos)) throw ParseException("invalid literal at $pos")
            pos += word.length
            return value
        }

        private fun readObject(): Map<String, Any?> {
            val map = LinkedHashMap<String, Any?>()
            pos++
            skipWhitespace()
            if (peek() == '}') { pos++; return map }
            while (true) {
                skipWhitespace()
                if (peek() != '"') throw ParseException("expected a key at $pos")
                val key = readString()
                skipWhitespace()
                expect(':')
                skipWhitespace()
                map[key] = readValue()
                skipWhitespace()
                val c = next()
                if (c == '}') return map
                if (c != ',') throw ParseException("expected ',' or '}' at ${pos - 1}")
            }
        }

        private fun readArray(): List<Any?> {
            val list = ArrayList<Any?>()
            pos++
            skipWhitespace()
            if (peek() == ']') { pos++; return list }
            while (true) {
                skipWhitespace()
                list.add(readValue())
                skipWhitespace()
                val c = next()
                if (c == ']') return list
                if (c != ',') throw ParseException("expected ',' or ']' at ${pos - 1}")
            }
        }

        private fun readString(): String {
            pos++
            val sb = StringBuilder()
            while (true) {
                if (atEnd()) throw ParseException("unterminated string")
                val c = text[pos++]
                when {
                    c == '"' -> return sb.toString()
                    c == '\\' -> {
                        when (val e = next()) {
                            '"' -> sb.append('"')
                            '\\' -> sb.append('\\')
                            '/' -> sb.append('/')
                            'b' -> sb.append('\b')
                            'f' -> sb.append('\u000C')
                            'n' -> sb.append('\n')
                            'r' -> sb.append('\r')
                            't' -> sb.append('\t')
                            'u' -> {
                                if (pos + 4 > text.length) throw ParseException("bad unicode escape")
                                sb.append(text.substring(pos, pos + 4).toInt(16).toChar())
                                pos += 4
                            }
                            else -> throw ParseException("bad escape '\\$e'")
                        }
                    }
                    c < ' ' -> throw ParseException("control character in string at ${pos - 1}")
                    else -> sb.append(c)
                }
            }
        }

        private fun readNumber(): Double {
            val start = pos
            if (peek() == '-') pos++
            // JSON forbids leading zeros: "0" may only be followed by a fraction or exponent.
            if (peek() == '0') pos++ else digits()
            if (peek() == '.') { pos++; digits() }
            if (peek() == 'e' || peek() == 'E') {
                pos++
                if (peek() == '+' || peek() == '-') pos++
                digits()
            }
            return text.substring(start, pos).toDouble()
        }

        private fun digits() {
            val start = pos
            while (pos < text.length && text[pos] in '0'..'9') pos++
            if (pos == start) throw ParseException("expected a digit at $pos")
        }

        private fun peek(): Char = if (atEnd()) '\u0000' else text[pos]

        private fun next(): Char {
            if (atEnd()) throw ParseException("unexpected end of input")
            return text[pos++]
        }

        private fun expect(c: Char) {
            if (next() != c) throw ParseException("expected '$c' at ${pos - 1}")
        }
    }
}

/** Ordered JSON object builder: `obj("a" to 1, "b" to null)`. */
fun obj(vararg pairs: Pair<String, Any?>): Map<String, Any?> = linkedMapOf(*pairs)

/** Typed views of parsed JSON values. */
@Suppress("UNCHECKED_CAST")
fun Any?.asObject(): Map<String, Any?>? = this as? Map<String, Any?>

@Suppress("UNCHECKED_CAST")
fun Any?.asArray(): List<Any?>? = this as? List<Any?>

package app.androperator.operator.core

/** A rejected hierarchy document: SNAPSHOT_EXTRACTION_FAILED with a [reason]. */
class SnapshotExtractionFailed(val reason: String, message: String, val offset: Int?) :
    RuntimeException("Invalid hierarchy XML: $message") {
    val code: String get() = "SNAPSHOT_EXTRACTION_FAILED"
}

/**
 * Parses the restricted XML of UI Automator dumps (`<hierarchy>` with nested
 * `<node>` elements carrying attributes); mirrors
 * src/contract/selector/hierarchy-xml.ts, so a snapshot the Operator writes is
 * read back identically on both sides. DTDs and entity declarations are
 * rejected; size (8 MiB) and depth (256) are bounded.
 */
object HierarchyXmlParser {
    const val MAX_BYTES = 8 * 1024 * 1024
    const val MAX_DEPTH = 256

    fun parse(xml: String): UiHierarchy {
        if (xml.length > MAX_BYTES || (xml.length * 3 > MAX_BYTES && xml.toByteArray(Charsets.UTF_8).size > MAX_BYTES)) {
            throw SnapshotExtractionFailed("too_large", "document over $MAX_BYTES bytes", null)
        }
        return Scanner(xml).parse()
    }

    private class Builder {
        val attributes = LinkedHashMap<String, String>()
        val children = ArrayList<Builder>()

        fun build(): UiNode {
            val o = LinkedHashMap<String, Any?>(attributes)
            val node = UiNode.fromAttributes(o)
            return node.copy(children = children.map { it.build() })
        }
    }

    private fun isSpace(c: Char) = c == ' ' || c == '\n' || c == '\t' || c == '\r'

    private class Scanner(val xml: String) {
        var pos = 0
        var selfClosing = false

        fun at(i: Int): Char = if (i < xml.length) xml[i] else '\u0000'

        fun fail(reason: String, message: String) = SnapshotExtractionFailed(reason, message, pos)

        fun parse(): UiHierarchy {
            if (xml.isNotEmpty() && xml[0] == '\uFEFF') pos = 1
            var rotation: Int? = null
            val roots = ArrayList<Builder>()
            var open = false
            val stack = ArrayList<Builder>()
            while (true) {
                val lt = xml.indexOf('<', pos)
                val textEnd = if (lt == -1) xml.length else lt
                if (!open && (pos until textEnd).any { !isSpace(xml[it]) }) throw fail("malformed", "text outside the root element")
                if (lt == -1) break
                pos = lt + 1
                when (at(pos)) {
                    '?' -> skipPast("?>", "unterminated processing instruction")
                    '!' -> markupDeclaration(open)
                    '/' -> {
                        val name = closingTag()
                        if (name == "node" && stack.isNotEmpty()) stack.removeAt(stack.size - 1)
                        else if (name == "hierarchy" && open && stack.isEmpty()) open = false
                        else throw fail("malformed", "unexpected closing tag </$name>")
                    }
                    else -> {
                        val name = tagName()
                        if (rotation == null) {
                            if (name != "hierarchy") throw fail("not_hierarchy", "root element is <$name>, not <hierarchy>")
                            val attrs = Builder()
                            attributes(attrs)
                            val r = attrs.attributes["rotation"]?.let { ParamReader.jsNumber(it) } ?: 0.0
                            rotation = if (ParamReader.isInteger(r)) r.toInt() else 0
                            open = !selfClosing
                        } else if (!open) {
                            throw fail("malformed", "content after the root element")
                        } else if (name != "node") {
                            throw fail("malformed", "unexpected element <$name> (only <node> is allowed)")
                        } else {
                            if (stack.size >= MAX_DEPTH) throw fail("too_deep", "nesting deeper than $MAX_DEPTH nodes")
                            val node = Builder()
                            attributes(node)
                            (if (stack.isEmpty()) roots else stack.last().children).add(node)
                            if (!selfClosing) stack.add(node)
                        }
                    }
                }
            }
            if (rotation == null) throw fail("malformed", "no root element")
            if (open) throw fail("malformed", "unclosed element")
            return UiHierarchy(roots.map { it.build() }, rotation)
        }

        private fun markupDeclaration(open: Boolean) {
            when {
                xml.startsWith("!--", pos) -> skipPast("-->", "unterminated comment")
                xml.startsWith("![CDATA[", pos) && open -> skipPast("]]>", "unterminated CDATA section")
                xml.regionMatches(pos, "!doctype", 0, 8, ignoreCase = true) -> throw fail("dtd", "DTD declarations are not accepted")
                xml.startsWith("!ENTITY", pos) -> throw fail("entity", "entity declarations are not accepted")
                else -> throw fail("malformed", "unexpected markup declaration")
            }
        }

        private fun skipPast(terminator: String, message: String) {
            val end = xml.indexOf(terminator, pos)
            if (end == -1) throw fail("malformed", message)
            pos = end + terminator.length
        }

        private fun tagName(): String {
            val start = pos
            var i = start
            while (i < xml.length && !isSpace(xml[i]) && xml[i] != '/' && xml[i] != '>') i++
            if (i == start) throw fail("malformed", "missing element name")
            pos = i
            return xml.substring(start, i)
        }

        private fun closingTag(): String {
            pos++
            val name = tagName()
            skipSpaces()
            if (at(pos) != '>') throw fail("malformed", "bad closing tag </$name")
            pos++
            return name
        }

        private fun skipSpaces(): Boolean {
            val start = pos
            while (pos < xml.length && isSpace(xml[pos])) pos++
            return pos > start
        }

        private fun attributes(node: Builder) {
            while (true) {
                val spaced = skipSpaces()
                val c = at(pos)
                if (pos < xml.length && (c == '>' || c == '/')) {
                    selfClosing = c == '/'
                    if (selfClosing && at(++pos) != '>') throw fail("malformed", "bad empty-element tag")
                    pos++
                    return
                }
                if (pos >= xml.length) throw fail("malformed", "unterminated tag")
                if (!spaced) throw fail("malformed", "attributes must be separated by whitespace")
                val nameStart = pos
                var i = nameStart
                while (i < xml.length && xml[i] != '=' && !isSpace(xml[i]) && xml[i] != '>' && xml[i] != '/' && xml[i] != '<') i++
                val name = xml.substring(nameStart, i)
                pos = i
                skipSpaces()
                if (name.isEmpty() || at(pos) != '=') throw fail("malformed", "bad attribute")
                pos++
                skipSpaces()
                val quote = at(pos)
                if (pos >= xml.length || (quote != '"' && quote != '\'')) throw fail("malformed", "unquoted value of attribute $name")
                val end = xml.indexOf(quote, pos + 1)
                if (end == -1) throw fail("malformed", "unterminated value of attribute $name")
                val raw = xml.substring(pos + 1, end)
                if (raw.indexOf('<') != -1) throw fail("malformed", "\"<\" in value of attribute $name")
                pos = end + 1
                node.attributes[name] = decode(raw)
            }
        }

        /** The five predefined entities and numeric references; anything else is an undeclared entity. */
        private fun decode(raw: String): String {
            if (raw.indexOf('&') == -1) return raw
            val out = StringBuilder()
            var i = 0
            while (i < raw.length) {
                val c = raw[i]
                if (c != '&') { out.append(c); i++; continue }
                var j = i + 1
                while (j < raw.length && raw[j] != ';' && raw[j] != '&') j++
                if (j >= raw.length || raw[j] != ';') throw fail("malformed", "unterminated reference \"${raw.substring(i, j)}\"")
                val body = raw.substring(i + 1, j)
                when {
                    body == "amp" -> out.append('&')
                    body == "lt" -> out.append('<')
                    body == "gt" -> out.append('>')
                    body == "quot" -> out.append('"')
                    body == "apos" -> out.append('\'')
                    body.startsWith("#") -> {
                        val hex = body.length > 1 && body[1] == 'x'
                        val digits = body.substring(if (hex) 2 else 1)
                        val valid = digits.isNotEmpty() && digits.all { if (hex) it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' else it in '0'..'9' }
                        val code = if (valid) digits.toBigInteger(if (hex) 16 else 10) else null
                        if (code == null || code > 0x10FFFF.toBigInteger()) throw fail("malformed", "bad reference \"&$body;\"")
                        out.appendCodePoint(code.toInt())
                    }
                    else -> throw fail("entity", "undeclared entity \"&$body;\" (entities are not supported)")
                }
                i = j + 1
            }
            return out.toString()
        }
    }
}

package app.androperator.operator.core

import java.util.Locale

/**
 * Operator-drawn overlays: the API toast (seed 003:2759-2833) and the on-screen
 * log panel (003:2834-2914, 3276-3683). Panel geometry: the usable area
 * excludes a 24 dp status bar and a 48 dp navigation bar; text wraps at an
 * average glyph width of 0.55 em inside the fixed 8 dp padding; a line is
 * 1.25 em. Mirrors src/virtual-device/operator/actions/overlay.ts.
 */
object Overlay {
    private const val MAX_TEXT = 2048
    private const val STATUS_BAR_DP = 24
    private const val NAV_BAR_DP = 48
    private const val PADDING_DP = 8
    private const val GLYPH_EM = 0.55
    private const val LINE_EM = 1.25
    private const val EXPANDED_MAX = 8192
    private const val VALUE_MAX = 256
    /** Inline position of the foreground app icon in an expanded template. */
    const val ICON = "\u25a3"

    val PLACEHOLDERS = listOf(
        "foreground_app.icon", "foreground_app.package_name", "foreground_app.version_code",
        "foreground_app.version_name", "device.manufacturer", "device.model",
        "system.language_code", "system.language_tag", "system.language_name"
    )
    private val CONTROL = Regex("[\\u0000-\\u0008\\u000b-\\u001f\\u007f]")
    private val COLOR = Regex("^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")

    private fun readText(params: ParamReader, key: String): String {
        val value = params.optionalString(key)
        if (value == null || value.isEmpty() || value.length > MAX_TEXT || jsIsBlank(value)) {
            params.fail(key, "params.$key must be 1-$MAX_TEXT UTF-16 units with a non-whitespace character")
        }
        if (CONTROL.containsMatchIn(value)) params.fail(key, "params.$key contains control characters")
        return value
    }

    private fun rejectUnknownKeys(params: ParamReader, allowed: List<String>) {
        for (key in params.raw.keys) if (key !in allowed) params.fail(key, "does not accept params.$key")
    }

    /** Null when the template is well-formed, else the problem (`on-screen-log-template.ts`). */
    fun templateProblem(template: String): String? {
        var i = 0
        while (i < template.length) {
            when {
                template.startsWith("{{{{", i) || template.startsWith("}}}}", i) -> i += 4
                template.startsWith("{{", i) -> {
                    val close = template.indexOf("}}", i + 2)
                    val name = if (close < 0) "" else template.substring(i + 2, close)
                    if (name !in PLACEHOLDERS) return "template placeholder at offset $i is unknown or malformed; supported: ${PLACEHOLDERS.joinToString(", ")}"
                    i = close + 2
                }
                template.startsWith("}}", i) -> return "template has an unmatched '}}' at offset $i; write '}}}}' for a literal '}}'"
                else -> i += 1
            }
        }
        return null
    }

    val showToast = object : ActionSpec<Pair<String, String>>("show_toast", ActionGates.UI) {
        override fun parse(params: ParamReader): Pair<String, String> {
            rejectUnknownKeys(params, listOf("text", "duration"))
            val text = readText(params, "text")
            val duration = params.optionalString("duration") ?: "short"
            if (duration != "short" && duration != "long") params.fail("duration", "params.duration must be short or long")
            return text to duration
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Pair<String, String>): StepResult {
            // Each call replaces the previous API toast (003:2762-2764).
            if (ctx.state.apiToast) ctx.platform.cancelToast()
            try {
                ctx.platform.showToast(params.first, params.second == "long")
            } catch (e: RuntimeException) {
                throw StepFailure(ErrorCodes.ACTION_FAILED, e.message ?: "Toast submission failed")
            }
            ctx.state.apiToast = true
            return step.succeeded(data("submitted" to "true", "duration" to params.second))
        }
    }

    val cancelToast = object : ActionSpec<Unit>("cancel_toast", ActionGates.UI) {
        override fun parse(params: ParamReader) = rejectUnknownKeys(params, emptyList())

        override fun run(ctx: ActionContext, step: StepIdentity, params: Unit): StepResult {
            if (ctx.state.apiToast) ctx.platform.cancelToast()
            ctx.state.apiToast = false
            return step.succeeded(data("submitted" to "true"))
        }
    }

    class PanelParams(
        val text: String?, val template: String?, val anchor: String, val textAlign: String,
        val topOffsetDp: Int, val edgeOffsetDp: Int, val widthDp: Int, val fontSizeSp: Int,
        val textColor: String, val backgroundColor: String, val ttlMs: Long
    )

    private val PANEL_KEYS = listOf("text", "template", "anchor", "textAlign", "topOffsetDp", "edgeOffsetDp",
        "widthDp", "fontSizeSp", "textColor", "backgroundColor", "ttlMs")

    private fun side(params: ParamReader, key: String): String {
        val v = params.optionalString(key) ?: "left"
        if (v != "left" && v != "right") params.fail(key, "params.$key must be left or right")
        return v
    }

    private fun panelInt(params: ParamReader, key: String, fallback: Int, min: Int, max: Int): Int {
        if (!params.has(key)) return fallback
        val v = (params.raw[key] as? Number)?.toDouble()
        if (v == null || !ParamReader.isInteger(v) || v < min || v > max) params.fail(key, "params.$key must be an integer in [$min, $max]")
        return v.toInt()
    }

    private fun color(params: ParamReader, key: String, fallback: String): String {
        val v = params.optionalString(key) ?: fallback
        if (!COLOR.matches(v)) params.fail(key, "params.$key must be #RRGGBB or #AARRGGBB")
        return (if (v.length == 7) "#FF" + v.substring(1) else v).uppercase(Locale.ROOT)
    }

    /** A substituted metadata value: control characters become spaces (003:3397-3400), then [cap]. */
    fun bounded(value: String, max: Int): String =
        cap(value.map { if (it < ' ' || it == '\u007f') ' ' else it }.joinToString(""), max)

    /** Caps [value] at [max] UTF-16 units with an ellipsis, never splitting a surrogate pair. */
    fun cap(value: String, max: Int): String {
        if (value.length <= max) return value
        var cut = max - 1
        if (cut > 0 && Character.isHighSurrogate(value[cut - 1])) cut -= 1
        return value.substring(0, cut) + "…"
    }

    /** Expands a validated template from one foreground observation. */
    fun expandTemplate(platform: Platform, template: String): String {
        val foreground = platform.foregroundPackage()
        val version = foreground?.let { platform.packageVersion(it) }
        val props = platform.properties()
        val tag = props.languageTag
        val language = tag.split("-")[0]
        val values = mapOf(
            "foreground_app.icon" to ICON,
            "foreground_app.package_name" to (foreground ?: "Unavailable"),
            "foreground_app.version_code" to (version?.versionCode?.toString() ?: "Unavailable"),
            "foreground_app.version_name" to (version?.versionName ?: "Unavailable"),
            "device.manufacturer" to props.manufacturer,
            "device.model" to props.model,
            "system.language_code" to language,
            "system.language_tag" to tag,
            "system.language_name" to (platform.languageName(tag, language) ?: "Unavailable")
        )
        val out = StringBuilder()
        var i = 0
        while (i < template.length) {
            when {
                template.startsWith("{{{{", i) -> { out.append("{{"); i += 4 }
                template.startsWith("}}}}", i) -> { out.append("}}"); i += 4 }
                template.startsWith("{{", i) && template.indexOf("}}", i + 2) > 0 && template.substring(i + 2, template.indexOf("}}", i + 2)) in values -> {
                    val close = template.indexOf("}}", i + 2)
                    out.append(bounded(values.getValue(template.substring(i + 2, close)), VALUE_MAX))
                    i = close + 2
                }
                else -> { out.append(template[i]); i++ }
            }
        }
        // The template's own LF and TAB survive (003:3391); only the length is capped.
        return cap(out.toString(), EXPANDED_MAX)
    }

    private fun wrap(text: String, perLine: Int): List<String> {
        val lines = ArrayList<String>()
        for (paragraph in text.replace("\t", "    ").split("\n")) {
            if (paragraph.isEmpty()) lines.add("")
            var i = 0
            while (i < paragraph.length) {
                lines.add(paragraph.substring(i, minOf(paragraph.length, i + perLine)))
                i += perLine
            }
        }
        return lines
    }

    /** Lays the panel out on the display; ON_SCREEN_LOG_LAYOUT_INVALID when it cannot fit one line. */
    fun layout(display: DisplayInfo, p: PanelParams, text: String): Pair<PanelDrawing, Boolean> {
        val density = display.densityDpi / 160.0
        fun px(dp: Int): Int = Math.round(dp * density).toInt()
        val fontPx = p.fontSizeSp * density
        val lineHeight = Math.ceil(fontPx * LINE_EM).toInt()
        val width = px(p.widthDp)
        val padding = px(PADDING_DP)
        val usableTop = px(STATUS_BAR_DP)
        val usableBottom = display.height - px(NAV_BAR_DP)
        val left = if (p.anchor == "left") px(p.edgeOffsetDp) else display.width - px(p.edgeOffsetDp) - width
        val top = usableTop + px(p.topOffsetDp)
        val perLine = maxOf(1, Math.floor((width - 2 * padding) / (fontPx * GLYPH_EM)).toInt())
        val fitLines = Math.floor((usableBottom - top - 2 * padding).toDouble() / lineHeight).toInt()
        if (left < 0 || left + width > display.width || fitLines < 1) {
            throw StepFailure("ON_SCREEN_LOG_LAYOUT_INVALID", "The usable display cannot contain the requested panel")
        }
        val all = wrap(text, perLine)
        val lines = all.take(fitLines)
        val bottom = top + 2 * padding + lines.size * lineHeight
        return PanelDrawing(lines, Bounds(left, top, left + width, bottom), p.textColor, p.backgroundColor,
            Math.round(fontPx).toInt(), p.textAlign) to (lines.size < all.size)
    }

    val setOnScreenLog = object : ActionSpec<PanelParams>("set_on_screen_log", ActionGates.UI) {
        override fun parse(params: ParamReader): PanelParams {
            rejectUnknownKeys(params, PANEL_KEYS)
            val hasText = params.has("text")
            if (hasText == params.has("template")) params.fail("text", "requires exactly one of params.text or params.template")
            var text: String? = null
            var template: String? = null
            if (hasText) text = readText(params, "text") else {
                template = readText(params, "template")
                templateProblem(template)?.let { params.fail("template", it) }
            }
            return PanelParams(text, template, side(params, "anchor"), side(params, "textAlign"),
                panelInt(params, "topOffsetDp", 8, 0, 1000), panelInt(params, "edgeOffsetDp", 8, 0, 1000),
                panelInt(params, "widthDp", 280, 80, 600), panelInt(params, "fontSizeSp", 12, 8, 24),
                color(params, "textColor", "#FFFFFFFF"), color(params, "backgroundColor", "#B3000000"),
                panelInt(params, "ttlMs", 300000, 1000, 3600000).toLong())
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: PanelParams): StepResult {
            val text = params.text ?: expandTemplate(ctx.platform, params.template!!)
            val (drawing, truncated) = layout(ctx.platform.display(), params, text)
            if (ctx.state.panelGeneration != null) ctx.platform.setPanel(null)
            ctx.platform.setPanel(drawing)
            ctx.state.panelGeneration = ++ctx.state.panelCounter
            ctx.state.panelExpiresAt = ctx.platform.now() + params.ttlMs
            val b = drawing.bounds
            return step.succeeded(data(
                "visible" to "true", "rendered" to "true", "truncated" to truncated.toString(),
                "anchor" to params.anchor, "text_align" to params.textAlign,
                "top_offset_dp" to params.topOffsetDp.toString(), "edge_offset_dp" to params.edgeOffsetDp.toString(),
                "width_dp" to params.widthDp.toString(), "font_size_sp" to params.fontSizeSp.toString(),
                "text_color" to params.textColor, "background_color" to params.backgroundColor,
                "ttl_ms" to params.ttlMs.toString(), "bounds" to "[${b.left},${b.top}][${b.right},${b.bottom}]"
            ))
        }
    }

    /** Removes the panel when its TTL has passed; the app calls this from a timer. Returns true when removed. */
    fun expireIfDue(platform: Platform, state: OperatorState): Boolean {
        val at = state.panelExpiresAt ?: return false
        if (platform.now() < at || state.panelGeneration == null) return false
        platform.setPanel(null)
        state.panelGeneration = null
        state.panelExpiresAt = null
        return true
    }

    val clearOnScreenLog = object : ActionSpec<Unit>("clear_on_screen_log", ActionGates.UI) {
        override fun parse(params: ParamReader) = rejectUnknownKeys(params, emptyList())

        override fun run(ctx: ActionContext, step: StepIdentity, params: Unit): StepResult {
            if (ctx.state.panelGeneration != null) ctx.platform.setPanel(null)
            ctx.state.panelGeneration = null
            ctx.state.panelExpiresAt = null
            return step.succeeded(data("visible" to "false"))
        }
    }
}

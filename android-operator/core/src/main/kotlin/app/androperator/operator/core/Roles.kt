package app.androperator.operator.core

/**
 * Semantic roles derived from class names: the same ordered suffix table as
 * `src/contract/selector/role.ts` (docs/selectors.md "Roles"). The simple class
 * name (after the last `.` and `$`) is tested against the suffixes in order;
 * the first hit wins; no hit (or no class) is `view`.
 */
object Roles {
    const val DEFAULT_ROLE = "view"

    val RULES: List<Pair<String, String>> = listOf(
        "RadioButton" to "radio",
        "ToggleButton" to "switch",
        "Switch" to "switch",
        "SwitchCompat" to "switch",
        "SwitchMaterial" to "switch",
        "CheckBox" to "checkbox",
        "CheckedTextView" to "checkbox",
        "Button" to "button",
        "EditText" to "textfield",
        "AutoCompleteTextView" to "textfield",
        "AutoComplete" to "textfield",
        "TextView" to "text",
        "ImageView" to "image",
        "RecyclerView" to "list",
        "ListView" to "list",
        "GridView" to "grid",
        "ScrollView" to "scrollview",
        "SeekBar" to "slider",
        "Slider" to "slider",
        "RatingBar" to "slider",
        "ProgressBar" to "progressbar",
        "Spinner" to "dropdown",
        "TabWidget" to "tablist",
        "TabLayout" to "tablist",
        "TabView" to "tab",
        "Toolbar" to "toolbar",
        "ViewPager" to "pager",
        "ViewPager2" to "pager",
        "WebView" to "webview",
        "Layout" to "container",
        "ViewGroup" to "container",
        "CardView" to "container"
    )

    fun ofClass(className: String?): String {
        if (className == null) return DEFAULT_ROLE
        val cut = maxOf(className.lastIndexOf('.'), className.lastIndexOf('$'))
        val simple = className.substring(cut + 1)
        return RULES.firstOrNull { simple.endsWith(it.first) }?.second ?: DEFAULT_ROLE
    }

    fun of(node: UiNode): String = ofClass(node.className)
}

package app.androperator.operator.core

/** Compact builders for test trees and executions. */
object Fixtures {
    fun node(attrs: Map<String, String>, vararg children: Map<String, Any?>): Map<String, Any?> =
        LinkedHashMap<String, Any?>(attrs).apply { put("children", children.toList()) }

    fun text(text: String, bounds: String, vararg extra: Pair<String, String>) =
        node(mapOf("class" to "android.widget.TextView", "text" to text, "bounds" to bounds, "visible-to-user" to "true", "enabled" to "true") + extra)

    fun button(text: String, bounds: String, vararg extra: Pair<String, String>) =
        node(mapOf("class" to "android.widget.Button", "text" to text, "bounds" to bounds, "clickable" to "true", "enabled" to "true", "visible-to-user" to "true") + extra)

    fun frame(bounds: String, vararg children: Map<String, Any?>) =
        node(mapOf("class" to "android.widget.FrameLayout", "bounds" to bounds, "visible-to-user" to "true"), *children)

    fun list(id: String, bounds: String, vararg children: Map<String, Any?>) =
        node(mapOf("class" to "androidx.recyclerview.widget.RecyclerView", "resource-id" to id, "bounds" to bounds,
            "scrollable" to "true", "visible-to-user" to "true"), *children)

    fun screen(pkg: String, root: Map<String, Any?>) = ScriptedPlatform.Screen(pkg, UiHierarchy.fromTree(listOf(root)))

    fun payload(vararg actions: Map<String, Any?>, timeoutMs: Int = 30000): Map<String, Any?> = obj(
        "commandId" to "c1", "taskId" to "t1", "source" to "test", "expectedFormat" to "android-ui-automator",
        "timeoutMs" to timeoutMs, "actions" to actions.toList()
    )

    fun action(id: String, type: String, params: Map<String, Any?>? = null): Map<String, Any?> =
        if (params == null) obj("id" to id, "type" to type) else obj("id" to id, "type" to type, "params" to params)

    /** Runs a payload on a fresh scripted platform and returns the envelope and platform. */
    fun run(screens: List<ScriptedPlatform.Screen>, payload: Map<String, Any?>, device: Map<String, Any?> = emptyMap(),
            setup: (ScriptedPlatform) -> Unit = {}): Pair<Envelope, ScriptedPlatform> {
        val platform = ScriptedPlatform(screens, device)
        setup(platform)
        val envelope = Engine(platform, OperatorState(ScriptedPlatform.OPERATOR_PACKAGE)).execute(RawExecution.parse(Json.stringify(payload))!!)
        return envelope to platform
    }

    val settings = frame("[0,0][1080,2400]",
        text("Settings", "[0,0][1080,150]", "resource-id" to "app:id/title"),
        list("app:id/list", "[0,150][1080,2000]",
            node(mapOf("class" to "android.widget.LinearLayout", "clickable" to "true", "bounds" to "[0,150][1080,300]", "visible-to-user" to "true", "enabled" to "true"),
                text("Wi-Fi", "[0,150][700,300]"), text("On", "[700,150][1080,300]")),
            node(mapOf("class" to "android.widget.LinearLayout", "clickable" to "true", "bounds" to "[0,300][1080,450]", "visible-to-user" to "true", "enabled" to "true"),
                text("Battery", "[0,300][700,450]"), text("87 %", "[700,300][1080,450]"))
        ),
        button("Open", "[0,2000][540,2200]", "resource-id" to "app:id/open"),
        button("Open", "[540,2000][1080,2200]", "resource-id" to "app:id/open2"),
        node(mapOf("class" to "android.widget.EditText", "resource-id" to "app:id/search", "text" to "", "bounds" to "[0,2200][1080,2400]",
            "clickable" to "true", "enabled" to "true", "visible-to-user" to "true"))
    )
}

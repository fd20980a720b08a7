package app.androperator.operator.core

/**
 * A [Platform] over fixed screens, as conformance/executions/README.md
 * specifies (the same rules as src/virtual-device/operator/scripted-platform.ts):
 * the device shows `screens[0]` and moves to the next screen after every
 * accepted mutation; the clock is manual, starts at elapsed 60000 ms and moves
 * only while the Operator waits.
 */
class ScriptedPlatform(private val screens: List<Screen>, private val device: Map<String, Any?> = emptyMap()) : Platform {
    class Screen(val packageName: String, val hierarchy: UiHierarchy)

    var clock = START_ELAPSED_MS
    private var current = 0
    val toasts = ArrayList<String>()
    var drawnPanel: PanelDrawing? = null
    val files = LinkedHashMap<String, String>()
    val notificationSource = FakeNotifications(when (device["notificationListener"]) {
        "denied" -> ListenerStatus.DENIED
        "disconnected" -> ListenerStatus.DISCONNECTED
        else -> ListenerStatus.CONNECTED
    })
    val mediaSource = FakeMedia { clock }
    val timers = ManualTimers({ clock }, { clock = it })
    /** The vector's `device.mediaSessions`; null when it lists none (unit tests then drive [mediaSource]). */
    private val scriptedMedia = device["mediaSessions"].asArray()?.let { specs ->
        ScriptedMedia(timers) { clock }.also { media -> specs.forEach { media.create(it.asObject()!!) } }
    }

    init {
        notificationSource.ignoreDismiss = bool("notificationCancellationIgnored", false)
        for (spec in device["notifications"].asArray().orEmpty().map { it.asObject()!! }) {
            val post = { notificationSource.postScripted(spec, wallTime()) }
            post()
            (spec["repostAfterMs"] as Number?)?.let { timers.schedule(it.toLong(), post) }
        }
    }

    private val screen: Screen get() = screens[current]

    private fun advanceScreen() {
        current = minOf(current + 1, screens.size - 1)
    }

    private fun contains(node: UiNode): Boolean {
        val stack = ArrayList(screen.hierarchy.roots)
        while (stack.isNotEmpty()) {
            val next = stack.removeAt(stack.size - 1)
            if (next === node) return true
            stack.addAll(next.children)
        }
        return false
    }

    private fun accepts(node: UiNode, action: NodeAction): Boolean {
        if (node.enabled == false) return false
        val editable = (node.className ?: "").endsWith("EditText")
        return when (action) {
            NodeAction.Click -> node.clickable == true
            NodeAction.LongClick -> node.longClickable == true
            NodeAction.Focus -> node.focusable == true || editable
            is NodeAction.SetText, NodeAction.ImeEnter -> editable
        }
    }

    private fun bool(key: String, default: Boolean) = device[key] as? Boolean ?: default

    override fun display(): DisplayInfo {
        val d = device["display"].asObject()
        return DisplayInfo((d?.get("width") as? Number)?.toInt() ?: 1080, (d?.get("height") as? Number)?.toInt() ?: 2400, 0, 420)
    }

    override fun now() = clock
    override fun wallTime() = clock - START_ELAPSED_MS
    override fun sleep(ms: Long) = timers.advance(ms)
    override fun deviceState() = DeviceState(bool("screenOn", true), bool("deviceLocked", false), bool("userUnlocked", true), true, true)
    override fun accessibilityConnected() = bool("accessibilityRunning", true)
    override fun capture() = UiCapture(screen.hierarchy, screen.packageName, screen.hierarchy.roots.size, null)

    override fun performAction(node: UiNode, action: NodeAction): Boolean {
        if (!contains(node) || !accepts(node, action)) return false
        advanceScreen()
        return true
    }

    override fun inputConnectionReplaceText(node: UiNode, text: String): Boolean? = null
    override fun inputConnectionEditorAction(): Boolean? = null

    override fun gesture(gesture: Gesture): GestureOutcome {
        val d = display()
        fun inside(p: Point) = p.x >= 0 && p.y >= 0 && p.x < d.width && p.y < d.height
        if (!inside(gesture.start) || !inside(gesture.end)) return GestureOutcome.REJECTED
        timers.advance(gesture.holdMs + gesture.moveMs)
        advanceScreen()
        return GestureOutcome.COMPLETED
    }

    override fun globalAction(key: String): Boolean {
        advanceScreen()
        return true
    }

    override fun installed(packageName: String): Boolean {
        val list = device["installedPackages"].asArray()?.map { it as String } ?: screens.map { it.packageName }
        return packageName in list
    }

    override fun launch(packageName: String): Boolean {
        if (!installed(packageName)) return false
        val index = screens.indices.firstOrNull { it >= current && screens[it].packageName == packageName }
        if (index != null) current = index
        return true
    }

    override fun openUri(uri: String): Boolean {
        advanceScreen()
        return true
    }

    override fun packageVersion(packageName: String) = PackageVersion("1.0", 1)
    override fun foregroundPackage(): String? = screen.packageName
    override fun showToast(text: String, long: Boolean) { toasts.add(text) }
    override fun cancelToast() {}
    override fun setPanel(panel: PanelDrawing?) { drawnPanel = panel }
    override fun writeFile(path: String, data: String) { files[path] = data }
    override fun properties() = DeviceProperties("droidproof", "Scripted", "en-US")
    override fun languageName(tag: String, language: String): String? = if (language == "en") "English" else null
    override fun notifications(): NotificationSource = notificationSource
    override fun media(): MediaSource = scriptedMedia ?: mediaSource

    companion object {
        const val START_ELAPSED_MS = 60000L
        const val OPERATOR_PACKAGE = "com.androperator.operator"

        /** Screens of an execution vector: `{ package, tree }` with a tree inline or named in the file's `trees`. */
        fun screensOf(file: Map<String, Any?>, vector: Map<String, Any?>): List<Screen> =
            vector["screens"].asArray()!!.map { s ->
                val o = s.asObject()!!
                val tree = o["tree"].let { if (it is String) file["trees"].asObject()!![it] else it }
                Screen(o["package"] as String, UiHierarchy.fromTree(tree))
            }

        /** Runs a payload the way the vectors do; null when the Operator cannot answer it. */
        fun run(payload: Any?, screens: List<Screen>, device: Map<String, Any?>): Envelope? {
            val parsed = RawExecution.parse(Json.stringify(payload)) ?: return null
            return Engine(ScriptedPlatform(screens, device), OperatorState(OPERATOR_PACKAGE)).execute(parsed)
        }
    }
}

/** An in-memory notification listener for tests. */
class FakeNotifications(var listenerStatus: ListenerStatus) : NotificationSource {
    val items = ArrayList<ActiveNotification>()
    var gen = 1L
    val invoked = ArrayList<String>()
    /** `key#index` of buttons whose PendingIntent the app cancelled. */
    val cancelledButtons = HashSet<String>()
    var refuseDismiss = false
    /** Android accepts the cancellation request but keeps the notification. */
    var ignoreDismiss = false

    override fun status() = listenerStatus
    override fun generation() = gen
    /** Most recent first, as `getActiveNotifications()` (stable for equal post times). */
    override fun active(): List<ActiveNotification> = items.sortedByDescending { it.postTime }

    override fun dismiss(key: String): Boolean {
        if (refuseDismiss) return false
        if (ignoreDismiss) return true
        items.removeAll { it.key == key }
        return true
    }

    override fun invoke(key: String, revision: Long, index: Int): InvokeResult {
        val n = items.firstOrNull { it.key == key } ?: return InvokeResult.EXPIRED
        if (n.revision != revision || index !in n.actions.indices) return InvokeResult.EXPIRED
        if ("$key#$index" in cancelledButtons) return InvokeResult.CANCELLED
        invoked.add("$key#$index")
        return InvokeResult.SENT
    }
}

/** In-memory media sessions whose player reports on every control. */
class FakeMedia(private val now: () -> Long) : MediaSource {
    val sessions = ArrayList<MediaSession>()
    val controls = ArrayList<String>()
    /** Reject every control (platform failure). */
    var refuse = false
    /** Accept controls but never send a new report. */
    var silent = false

    override fun sessions(): List<MediaSession> = ArrayList(sessions)

    override fun control(sessionId: String, control: String, positionMs: Long?): Boolean {
        val i = sessions.indexOfFirst { it.sessionId == sessionId }
        if (i < 0 || refuse) return false
        controls.add("$sessionId:$control${positionMs?.let { "@$it" } ?: ""}")
        if (silent) return true
        val s = sessions[i]
        val state = when (control) { "play" -> "playing"; "pause" -> "paused"; else -> s.state }
        sessions[i] = MediaSession(s.sessionId, s.packageName, s.title, s.artist, s.durationMs, state, s.supportedControls,
            s.reportSequence + 1, now(), positionMs ?: s.positionMs, now(), s.playbackSpeed, s.bufferedPositionMs, s.playbackType)
        return true
    }
}

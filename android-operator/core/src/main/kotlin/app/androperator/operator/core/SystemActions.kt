package app.androperator.operator.core

/**
 * `snapshot` and `query_ui` (seed 003:1882-1998, 2726-2758): read-only captures.
 * Mirrors src/virtual-device/operator/actions/capture.ts.
 */
object CaptureActions {
    val snapshot = object : ActionSpec<RetryPolicy>("snapshot", ActionGates.UI) {
        override fun parse(params: ParamReader): RetryPolicy {
            if (params.has("format")) params.fail("format", "params.format was removed")
            return RetryPolicy.read(params, "retry", "UiReadiness")
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: RetryPolicy): StepResult {
            var attempt = 1
            var o = Observe.observe(ctx)
            while (o == null) {
                if (attempt >= params.attempts) {
                    throw StepFailure(ErrorCodes.SNAPSHOT_HIERARCHY_UNAVAILABLE, "Snapshot hierarchy capture failed",
                        data("diagnostics" to Observe.diagnostics(ctx)))
                }
                ctx.sleep(params.delayMs(attempt))
                attempt++
                o = Observe.observe(ctx)
            }
            val overlay = o.capture.overlayPackage
            return step.succeeded(data(
                "actual_format" to "hierarchy_xml",
                "foreground_package" to (o.capture.foregroundPackage ?: ""),
                "has_overlay" to (overlay != null).toString(),
                "overlay_package" to overlay,
                "operator_overlay_visible" to (ctx.state.panelGeneration != null).toString(),
                "window_count" to o.capture.windowCount.toString(),
                "text" to HierarchyXml.write(o.capture.hierarchy)
            ))
        }
    }

    class QueryParams(val matcher: NodeMatcher?, val visibility: Visibility, val limit: Int)

    val queryUi = object : ActionSpec<QueryParams>("query_ui", ActionGates.UI) {
        override fun parse(params: ParamReader): QueryParams {
            val visibility = Visibility.fromWire(params.optionalString("visibility") ?: "on_screen")
                ?: params.fail("visibility", "params.visibility must be on_screen or all")
            return QueryParams(params.optionalMatcher("matcher"), visibility, params.integer("limit", 100, 1, 1000).toInt())
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: QueryParams): StepResult {
            val o = Observe.observeOrFail(ctx)
            return step.succeeded(data("query" to QueryUi.json(o.index, params.matcher, params.visibility, params.limit)))
        }
    }
}

/** `open_app` and `open_uri` (seed 003:3053-3124); mirrors actions/app.ts. */
object AppActions {
    class OpenAppParams(val applicationId: String, val skipNavigationWait: Boolean, val navigationTimeoutMs: Long)

    val openApp = object : ActionSpec<OpenAppParams>("open_app", ActionGates.UI) {
        override fun parse(params: ParamReader): OpenAppParams {
            val p = OpenAppParams(params.requiredString("applicationId"), params.boolean("skipNavigationWait", false),
                params.integer("navigationTimeoutMs", 15000, 1000, 120000))
            RetryPolicy.read(params, "retry", "AppLaunch")
            return p
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: OpenAppParams): StepResult {
            val d = data("application_id" to params.applicationId)
            if (ctx.platform.foregroundPackage() == params.applicationId) return step.succeeded(d)
            if (!ctx.platform.installed(params.applicationId)) {
                return step.returnedFailure("APP_NOT_INSTALLED", "Package ${params.applicationId} is not installed", d)
            }
            if (!ctx.platform.launch(params.applicationId)) {
                return step.returnedFailure(ErrorCodes.ACTION_FAILED, "Package ${params.applicationId} has no launcher activity", d)
            }
            if (params.skipNavigationWait) return step.succeeded(d)
            val reached = WaitActions.pollUntil(ctx, params.navigationTimeoutMs) {
                if (WaitActions.navigationReached(ctx, params.applicationId, null)) true else null
            }
            if (reached == null) {
                val last = ctx.platform.foregroundPackage()
                return step.returnedFailure(ErrorCodes.NAVIGATION_TIMEOUT, "${params.applicationId} did not reach the foreground",
                    LinkedHashMap(d).apply { if (last != null) put("last_package", last); put("elapsed_ms", Receipts.elapsedMs(ctx)) })
            }
            return step.succeeded(LinkedHashMap(d).apply { put("elapsed_ms", Receipts.elapsedMs(ctx)) })
        }
    }

    val openUri = object : ActionSpec<String>("open_uri", ActionGates.UI) {
        override fun parse(params: ParamReader): String {
            RetryPolicy.read(params, "retry", "AppLaunch")
            return params.requiredString("uri")
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: String): StepResult {
            if (!ctx.platform.openUri(params)) return step.returnedFailure(ErrorCodes.ACTION_FAILED, "No activity handles $params", data("uri" to params))
            return step.succeeded(data("uri" to params))
        }
    }
}

/**
 * Device-level actions without a UI target: `press_key`, `sleep`, `doctor_ping`,
 * and the host-side `take_screenshot` / `close_app`, which the runtime answers
 * with its "unsupported" markers for Node to replace (003:2915-3019).
 * Mirrors actions/system.ts.
 */
object SystemActions {
    private val KEYS = listOf("back", "home", "recents")

    val pressKey = object : ActionSpec<String>("press_key", ActionGates.UI) {
        override fun parse(params: ParamReader): String {
            val key = jsTrim(params.requiredString("key")).lowercase(java.util.Locale.ROOT)
            if (key !in KEYS) params.fail("key", "params.key must be one of ${KEYS.joinToString(", ")}")
            RetryPolicy.read(params, "retry", "None")
            return key
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: String): StepResult {
            if (!ctx.platform.globalAction(params)) return step.returnedFailure(ErrorCodes.ACTION_FAILED, "Global action $params was rejected", data("key" to params))
            if (params == "back") Recording.event(ctx, "press_key", obj("key" to "back"))
            return step.succeeded(data("key" to params))
        }
    }

    val sleep = object : ActionSpec<Long>("sleep", ActionGates.UI) {
        override fun parse(params: ParamReader): Long {
            if (!params.has("durationMs")) params.fail("durationMs", "requires params.durationMs")
            return params.integer("durationMs", 0, 0, 120000)
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Long): StepResult {
            ctx.sleep(params)
            return step.succeeded(data("duration_ms" to params.toString()))
        }
    }

    /** The doctor handshake: device facts as string booleans (brief "Doctor handshake"). */
    val doctorPing = object : ActionSpec<Unit>("doctor_ping", ActionGates(accessibility = true, interactive = false)) {
        override fun parse(params: ParamReader) = Unit

        override fun run(ctx: ActionContext, step: StepIdentity, params: Unit): StepResult {
            val d = ctx.platform.deviceState()
            return step.succeeded(data(
                "developer_options_enabled" to d.developerOptionsEnabled.toString(),
                "usb_debugging_enabled" to d.usbDebuggingEnabled.toString(),
                "screen_on" to d.screenOn.toString(),
                "device_locked" to d.deviceLocked.toString(),
                "user_unlocked" to d.userUnlocked.toString()
            ))
        }
    }

    val takeScreenshot = object : ActionSpec<Unit>("take_screenshot", ActionGates.UI) {
        override fun parse(params: ParamReader) {
            val path = params.optionalString("path")
            if (path != null && jsIsBlank(path)) params.fail("path", "params.path must not be blank")
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Unit) =
            step.returnedFailure(ErrorCodes.UNSUPPORTED_RUNTIME_SCREENSHOT, "Screenshots are captured host-side with screencap")
    }

    val closeApp = object : ActionSpec<String>("close_app", ActionGates.UI) {
        override fun parse(params: ParamReader): String {
            RetryPolicy.read(params, "retry", "AppClose")
            return params.requiredString("applicationId")
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: String) =
            step.returnedFailure("UNSUPPORTED_RUNTIME_CLOSE", "Closing apps is done host-side with am force-stop", data("application_id" to params))
    }
}

/** `swipe` and `drag` (seed 003:2143-2272); mirrors actions/gestures.ts. */
object GestureActions {
    private const val MAX_GESTURE_MS = 10000.0

    private fun endpoints(params: ParamReader): Pair<Point, Point> {
        val start = params.point("start")
        val end = params.point("end")
        if (start == end) params.fail("end", "params.end must differ from params.start")
        return start to end
    }

    private fun duration(params: ParamReader, key: String): Long {
        val v = params.requiredNumber(key)
        if (!ParamReader.isInteger(v) || v < 1 || v > MAX_GESTURE_MS) params.fail(key, "params.$key must be an integer in [1, 10000]")
        return v.toLong()
    }

    private fun runGesture(ctx: ActionContext, step: StepIdentity, g: Gesture, extra: Map<String, String>): StepResult {
        val echo = data("start" to Receipts.pointJson(g.start), "end" to Receipts.pointJson(g.end)).apply { putAll(extra) }
        val display = ctx.platform.display()
        fun inside(p: Point) = p.x < display.width && p.y < display.height
        if (!inside(g.start) || !inside(g.end)) {
            return step.returnedFailure(ErrorCodes.GESTURE_FAILED, "Gesture coordinates are outside the display", echo.apply { putAll(Receipts.receipt(ctx)) })
        }
        val outcome = ctx.platform.gesture(g)
        Receipts.noteDispatch(ctx, "coordinate_gesture", outcome != GestureOutcome.REJECTED)
        echo.putAll(Receipts.receipt(ctx))
        if (outcome != GestureOutcome.COMPLETED) return step.returnedFailure(ErrorCodes.GESTURE_FAILED, "Gesture was ${outcome.name.lowercase()}", echo)
        return step.succeeded(echo)
    }

    val swipe = object : ActionSpec<Gesture>("swipe", ActionGates.UI) {
        override fun parse(params: ParamReader): Gesture {
            val (s, e) = endpoints(params)
            return Gesture(s, e, 0, duration(params, "durationMs"))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Gesture) =
            runGesture(ctx, step, params, data("duration_ms" to params.moveMs.toString()))
    }

    val drag = object : ActionSpec<Gesture>("drag", ActionGates.UI) {
        override fun parse(params: ParamReader): Gesture {
            val (s, e) = endpoints(params)
            return Gesture(s, e, duration(params, "holdDurationMs"), duration(params, "moveDurationMs"))
        }

        override fun run(ctx: ActionContext, step: StepIdentity, params: Gesture) =
            runGesture(ctx, step, params, data("hold_duration_ms" to params.holdMs.toString(), "move_duration_ms" to params.moveMs.toString()))
    }
}

package app.androperator.operator.app

import android.content.Intent
import android.util.Base64
import android.util.Log
import org.robolectric.RuntimeEnvironment
import app.androperator.operator.core.Dialect
import app.androperator.operator.core.Json
import app.androperator.operator.core.ResultPublisher
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import app.androperator.operator.core.obj
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.RobolectricTestRunner
import org.robolectric.shadows.ShadowLog

/**
 * The ingress end to end on the framework: a real Intent with the `payload`
 * extra reaches [AgentCommandReceiver], the engine runs on the Operator's
 * worker, and the result reaches android.util.Log in the dialect of the action.
 */
@RunWith(RobolectricTestRunner::class)
class AgentCommandReceiverTest {
    private val context get() = RuntimeEnvironment.getApplication()

    @Before
    fun setUp() {
        ShadowLog.clear()
        RoboSupport.connectService()
    }

    @After
    fun tearDown() = RoboSupport.tearDown()

    private fun send(action: String?, payload: String?) {
        val intent = Intent(action)
        if (payload != null) intent.putExtra(AgentCommandReceiver.EXTRA_PAYLOAD, payload)
        AgentCommandReceiver().onReceive(context, intent)
    }

    private fun sleepPayload(commandId: String, steps: Int = 1, idPrefix: String = "s") = Json.stringify(obj(
        "commandId" to commandId,
        "taskId" to "t-$commandId",
        "source" to "robolectric",
        "timeoutMs" to 30000,
        "actions" to (0 until steps).map { obj("id" to "$idPrefix$it", "type" to "sleep", "params" to obj("durationMs" to 1)) }
    ))

    private fun awaitResultLines(count: Int = 1): List<String> {
        RoboSupport.awaitPumping("$count result line(s)") { RoboSupport.resultLines().size >= count }
        return RoboSupport.resultLines()
    }

    @Test
    fun androperatorActionLogsOneResultLine() {
        send(Dialect.ANDROPERATOR.action, sleepPayload("r1"))
        val lines = awaitResultLines()
        assertEquals(
            """[Androperator-Result] {"commandId":"r1","taskId":"t-r1","status":"success","stepResults":[{"id":"s0","actionType":"sleep","success":true,"data":{"duration_ms":"1"}}],"error":null,"errorCode":null}""",
            lines.single()
        )
    }

    @Test
    fun clawperatorActionLogsInTheClawperatorDialect() {
        send(Dialect.CLAWPERATOR.action, sleepPayload("r2"))
        val line = awaitResultLines().single()
        assertTrue(line, line.startsWith("[Clawperator-Result] {\"commandId\":\"r2\""))
        assertEquals("success", RoboSupport.envelopeOf(line)["status"])
    }

    @Test
    fun resultLinesAreLoggedAtInfoUnderTheResultTag() {
        send(Dialect.ANDROPERATOR.action, sleepPayload("r3"))
        awaitResultLines()
        val entry = ShadowLog.getLogsForTag(OperatorRuntime.RESULT_TAG).single()
        assertEquals(Log.INFO, entry.type)
    }

    @Test
    fun aLongEnvelopeArrivesAsPacedChunksThatReassembleToTheLine() {
        send(Dialect.ANDROPERATOR.action, sleepPayload("big", steps = 30, idPrefix = "a-step-with-a-rather-long-identifier-"))
        RoboSupport.awaitPumping("all chunks") {
            val lines = RoboSupport.resultLines()
            lines.isNotEmpty() && (Json.parse(lines[0].substringAfter("] ")).asObject()!!["count"] as Number).toInt() == lines.size
        }
        val chunks = RoboSupport.resultLines().map { it.substringAfter("[Androperator-Result-Chunk] ") }.map { Json.parse(it).asObject()!! }
        assertTrue(RoboSupport.resultLines().all { it.startsWith("[Androperator-Result-Chunk] {\"commandId\":\"big\",\"taskId\":\"t-big\",\"index\":") })
        val bytes = chunks.sortedBy { (it["index"] as Number).toInt() }.map { Base64.decode(it["data"] as String, Base64.DEFAULT) }
            .fold(ByteArray(0)) { acc, b -> acc + b }
        val line = String(bytes, Charsets.UTF_8)
        assertEquals((chunks[0]["byteLength"] as Number).toInt(), bytes.size)
        assertEquals(ResultPublisher.sha256Hex(bytes), chunks[0]["sha256"])
        assertTrue(line.startsWith("[Androperator-Result] "))
        val envelope = RoboSupport.envelopeOf(line)
        assertEquals(30, envelope["stepResults"].asArray()!!.size)
        assertEquals("success", envelope["status"])
    }

    @Test
    fun aLongClawperatorEnvelopeIsOneResultLineNeverChunked() {
        // The released Clawperator app logs one result line whatever its size (docs/dialects.md).
        send(Dialect.CLAWPERATOR.action, sleepPayload("bigc", steps = 30, idPrefix = "a-step-with-a-rather-long-identifier-"))
        val line = awaitResultLines().single()
        assertTrue(line.startsWith("[Clawperator-Result] {\"commandId\":\"bigc\""))
        assertTrue(line.toByteArray(Charsets.UTF_8).size > 3000)
    }

    @Test
    fun anUnknownActionTypeGetsAFailedEnvelopeWithUnsupported() {
        send(Dialect.ANDROPERATOR.action, """{"commandId":"bad1","taskId":"t-bad1","source":"x","timeoutMs":30000,"actions":[{"id":"a","type":"no_such_action"}]}""")
        val envelope = RoboSupport.envelopeOf(awaitResultLines().single())
        assertEquals("bad1", envelope["commandId"])
        assertEquals("failed", envelope["status"])
        assertEquals("EXECUTION_ACTION_UNSUPPORTED", envelope["errorCode"])
    }

    @Test
    fun aStepWithoutItsRequiredParamsFailsValidation() {
        send(Dialect.CLAWPERATOR.action, """{"commandId":"bad2","taskId":"t-bad2","source":"x","timeoutMs":30000,"actions":[{"id":"a","type":"sleep"}]}""")
        val line = awaitResultLines().single()
        assertTrue(line.startsWith("[Clawperator-Result] "))
        assertEquals("EXECUTION_VALIDATION_FAILED", RoboSupport.envelopeOf(line)["errorCode"])
    }

    @Test
    fun anUncorrelatablePayloadIsIgnoredWithAWarning() {
        send(Dialect.ANDROPERATOR.action, "not json")
        RoboSupport.awaitPumping("warning") { RoboSupport.logged(OperatorRuntime.LOG_TAG, Log.WARN).isNotEmpty() }
        assertEquals(listOf("ignored a payload without commandId, taskId or actions"), RoboSupport.logged(OperatorRuntime.LOG_TAG, Log.WARN))
        assertEquals(emptyList<String>(), RoboSupport.resultLines())
    }

    @Test
    fun anUnknownActionOrAMissingPayloadStartsNothing() {
        send("com.example.OTHER", sleepPayload("x1"))
        send(Dialect.ANDROPERATOR.action, null)
        RoboSupport.idleMain()
        // Neither reached the runtime: the only runtime is the one the connected service created, and it ran nothing.
        send(Dialect.ANDROPERATOR.action, sleepPayload("after"))
        val envelope = RoboSupport.envelopeOf(awaitResultLines().single())
        assertEquals("after", envelope["commandId"])
    }

    @Test
    fun executionsRunOneAtATimeInArrivalOrder() {
        for (i in 1..3) send(if (i % 2 == 0) Dialect.CLAWPERATOR.action else Dialect.ANDROPERATOR.action, sleepPayload("q$i"))
        val lines = awaitResultLines(3)
        assertEquals(listOf("q1", "q2", "q3"), lines.map { RoboSupport.envelopeOf(it)["commandId"] })
        assertEquals(listOf("[Androperator-Result]", "[Clawperator-Result]", "[Androperator-Result]"), lines.map { it.substringBefore(" ") })
    }

    @Test
    fun withoutTheAccessibilityServiceAUiStepFailsServiceUnavailable() {
        RoboSupport.tearDown()
        send(Dialect.ANDROPERATOR.action, sleepPayload("noa11y"))
        val envelope = RoboSupport.envelopeOf(awaitResultLines().single())
        assertEquals("failed", envelope["status"])
        assertEquals("SERVICE_UNAVAILABLE", envelope["errorCode"])
    }
}

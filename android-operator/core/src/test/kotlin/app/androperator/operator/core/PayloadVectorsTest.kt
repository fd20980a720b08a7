package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/** Every vector of conformance/payloads (format: conformance/payloads/README.md). */
@RunWith(Parameterized::class)
class PayloadVectorsTest(@Suppress("unused") private val label: String, @Suppress("unused") private val file: Conformance.VectorFile, private val v: Map<String, Any?>) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Conformance.parameters("payloads")
    }

    private val expect = v["expect"].asObject()!!

    @Test
    fun agrees() {
        when (v["kind"] ?: "validate") {
            "validate" -> validate()
            "retry-clamp" -> retryClamp()
            else -> fail("unknown vector kind ${v["kind"]}")
        }
    }

    private fun validate() {
        try {
            val normalized = PayloadValidation.validate(v["input"])
            assertEquals("unexpected success", true, expect["ok"])
            assertTrue("normalized ${Json.stringify(normalized)}", Conformance.jsonEquals(expect["normalized"], Conformance.plain(normalized)))
        } catch (e: PayloadRejected) {
            assertEquals("unexpected failure at ${e.path}: ${e.message}", false, expect["ok"])
            assertEquals(expect["code"], e.code)
            assertEquals("path (${e.message})", expect["path"], e.path)
            if (expect.containsKey("actionId")) assertEquals(expect["actionId"], e.actionId)
            if (expect.containsKey("actionType")) assertEquals(expect["actionType"], e.actionType)
        }
    }

    private fun retryClamp() {
        val input = v["input"].asObject()!!
        fun n(k: String) = (input[k] as Number).toDouble()
        val clamped = RetryPolicy.clamp(RetryPolicy(n("maxAttempts"), n("initialDelayMs"), n("maxDelayMs"), n("backoffMultiplier"), n("jitterRatio")))
        assertTrue("clamped ${Json.stringify(clamped.toJson())}", Conformance.jsonEquals(expect, Conformance.plain(clamped.toJson())))
    }
}

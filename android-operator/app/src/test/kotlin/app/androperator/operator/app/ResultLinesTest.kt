package app.androperator.operator.app

import app.androperator.operator.core.Conformance
import app.androperator.operator.core.Dialect
import app.androperator.operator.core.asArray
import app.androperator.operator.core.asObject
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.robolectric.ParameterizedRobolectricTestRunner
import org.robolectric.shadows.ShadowLog

/**
 * conformance/chunks/encode.json through the Operator's own logcat path: each
 * vector's envelope, published by [OperatorRuntime.publish], must reach
 * android.util.Log as exactly the vector's messages, in order, under one tag.
 */
@RunWith(ParameterizedRobolectricTestRunner::class)
class ResultLinesTest(@Suppress("unused") private val label: String, private val v: Map<String, Any?>) {
    companion object {
        @JvmStatic
        @ParameterizedRobolectricTestRunner.Parameters(name = "{0}")
        fun vectors(): List<Array<Any>> = Conformance.files("chunks").first { it.file.name == "encode.json" }
            .vectors.map { arrayOf<Any>(it["name"] as String, it) }
    }

    @Test
    fun logsTheVectorMessagesByteForByte() {
        ShadowLog.clear()
        val dialect = Dialect.valueOf((v["dialect"] as String).uppercase())
        OperatorRuntime.publish(Conformance.envelope(v["envelope"].asObject()!!), dialect)
        val logged = RoboSupport.resultLines()
        assertEquals(v["messages"].asArray()!!.map { it as String }, logged)
        // Byte for byte: the UTF-8 of what Log received is the vector's UTF-8.
        assertEquals(v["messages"].asArray()!!.sumOf { (it as String).toByteArray().size }, logged.sumOf { it.toByteArray().size })
    }
}

package app.androperator.operator.core

import org.junit.Assert.assertThrows
import org.junit.Assert.assertTrue
import org.junit.Test

/** The vector loader refuses to let a runner pass with nothing to check. */
class ConformanceLoaderTest {
    @Test
    fun aMissingFamilyFailsInsteadOfRunningNoVectors() {
        val error = assertThrows(IllegalStateException::class.java) { Conformance.files("no-such-family") }
        assertTrue(error.message!!.contains("conformance/no-such-family is missing"))
    }

    @Test
    fun everySharedFamilyHasVectors() {
        for (family in listOf("chunks", "executions", "payloads", "selectors")) {
            assertTrue(family, Conformance.parameters(family).isNotEmpty())
        }
    }
}

package app.androperator.operator.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class SelectorTest {
    private val capture = Capture(UiHierarchy.fromTree(listOf(Fixtures.settings)), Bounds(0, 0, 1080, 2400), "s1", "t")

    private fun m(json: String) = MatcherInput.validate(MatcherInput.normalize(Json.parse(json)))

    private fun paths(json: String, visibility: Visibility = Visibility.ON_SCREEN) = Selector.matchAll(capture, m(json), visibility).map { it.path }

    @Test fun labelPrefersTextThenDescription() {
        assertEquals("a", UiNode(text = "a", contentDesc = "b").label)
        assertEquals("b", UiNode(text = "", contentDesc = "b").label)
        assertEquals("", UiNode().label)
    }

    @Test fun rolesFollowTheSuffixTable() {
        assertEquals("switch", Roles.ofClass("android.widget.Switch"))
        assertEquals("radio", Roles.ofClass("android.widget.RadioButton"))
        assertEquals("button", Roles.ofClass("com.app.PrimaryButton"))
        assertEquals("list", Roles.ofClass("androidx.recyclerview.widget.RecyclerView"))
        assertEquals("container", Roles.ofClass("android.widget.LinearLayout"))
        assertEquals("view", Roles.ofClass("android.view.View"))
        assertEquals("view", Roles.ofClass(null))
        assertEquals("textfield", Roles.ofClass("android.widget.EditText"))
    }

    @Test fun textEqualsIsExactAndContainsIgnoresCase() {
        assertEquals(listOf("0.1.0.0"), paths("""{"textEquals":"Wi-Fi"}"""))
        assertEquals(emptyList<String>(), paths("""{"textEquals":"wi-fi"}"""))
        assertEquals(listOf("0.1.0.0"), paths("""{"textContains":"WI-"}"""))
    }

    @Test fun roleMatchIgnoresCase() {
        assertEquals(listOf("0.2", "0.3"), paths("""{"role":"BUTTON"}"""))
    }

    @Test fun ancestorAndDescendantRelationships() {
        assertEquals(listOf("0.1.1.1"), paths("""{"textContains":"%","ancestor":{"resourceId":"app:id/list"}}"""))
        assertEquals(listOf("0", "0.1.1"), paths("""{"role":"container","descendant":{"textEquals":"Battery"}}"""))
    }

    @Test fun selfNeverSatisfiesARelationship() {
        assertEquals(emptyList<String>(), paths("""{"textEquals":"Battery","descendant":{"textEquals":"Battery"}}"""))
    }

    @Test fun offscreenNodesAreOnlyVisibleToAllQueries() {
        val tree = Fixtures.frame("[0,0][1080,2400]", Fixtures.text("Below", "[0,2500][1080,2600]"), Fixtures.text("Hidden", "[0,0][10,10]", "visible-to-user" to "false"))
        val c = Capture(UiHierarchy.fromTree(listOf(tree)), Bounds(0, 0, 1080, 2400))
        assertEquals(listOf("0"), Selector.matchAll(c, null, Visibility.ON_SCREEN).map { it.path })
        assertEquals(listOf("0", "0.0", "0.1"), Selector.matchAll(c, null, Visibility.ALL).map { it.path })
    }

    @Test fun ineligibleAncestorPrunesItsSubtree() {
        val tree = Fixtures.frame("[0,0][1080,2400]", Fixtures.node(mapOf("class" to "android.widget.FrameLayout", "bounds" to "[0,0][0,0]"), Fixtures.text("Child", "[0,0][100,100]")))
        val c = Capture(UiHierarchy.fromTree(listOf(tree)))
        assertEquals(listOf("0"), Selector.matchAll(c, null, Visibility.ON_SCREEN).map { it.path })
        assertFalse(c.isOnScreen(c.byPath("0.0.0")!!))
    }

    @Test fun rootIsRetainedEvenWhenIneligible() {
        val tree = Fixtures.node(mapOf("class" to "android.widget.FrameLayout", "visible-to-user" to "false", "bounds" to "[0,0][100,100]"), Fixtures.text("A", "[0,0][10,10]"))
        val c = Capture(UiHierarchy.fromTree(listOf(tree)))
        assertEquals(listOf("0"), Selector.matchAll(c, null, Visibility.ON_SCREEN).map { it.path })
        assertFalse(c.isOnScreen(c.byPath("0")!!))
    }

    @Test fun containerScopesTargetsToStrictDescendants() {
        val r = Selector.select(capture, m("""{"textContains":"i"}"""), container = m("""{"resourceId":"app:id/list"}"""))
        assertEquals(listOf("0.1.0.0"), r.matches.map { it.path })
        assertEquals("0.1", r.container!!.path)
    }

    @Test fun strictAmbiguityCarriesCountsAndCandidates() {
        try {
            Selector.select(capture, m("""{"textEquals":"Open"}"""), strict = true)
            fail("expected NODE_AMBIGUOUS")
        } catch (e: SelectionFailure) {
            assertEquals(ErrorCodes.NODE_AMBIGUOUS, e.code)
            assertEquals(2, e.candidateCount)
            val candidates = Json.parse(e.data.getValue("candidates")).asObject()!!
            assertEquals(2.0, candidates["totalMatches"])
            assertEquals(listOf("0.2", "0.3"), candidates["nodes"].asArray()!!.map { it.asObject()!!["nodePath"] })
        }
    }

    @Test fun firstMatchWarnsAboutDuplicates() {
        val r = Selector.select(capture, m("""{"textEquals":"Open"}"""))
        assertEquals("0.2", r.target.path)
        assertEquals("Multiple candidates matched; first-match selection was used. Largest candidate counts observed: target: 2. " +
            "Use --strict (params.strict=true) to reject ambiguous matches.", r.warning)
    }

    @Test fun containerNotFoundIsReportedBeforeTargets() {
        try {
            Selector.select(capture, m("""{"textEquals":"Open"}"""), container = m("""{"resourceId":"nope"}"""))
            fail()
        } catch (e: SelectionFailure) {
            assertEquals(ErrorCodes.CONTAINER_NOT_FOUND, e.code)
            assertEquals(0, e.candidateCount)
        }
    }

    @Test fun allTargetsAcceptsZeroMatchesWithoutWarning() {
        val r = Selector.select(capture, m("""{"textEquals":"Nothing"}"""), allTargets = true)
        assertEquals(0, r.candidateCount)
        assertNull(r.warning)
    }

    @Test fun queryReportsTotalsTruncationAndNullState() {
        val q = Json.parse(QueryUi.json(capture, null, Visibility.ON_SCREEN, 2)).asObject()!!
        assertEquals(true, q["truncated"])
        assertEquals(2.0, q["returnedCount"])
        assertTrue((q["totalMatches"] as Double) > 2)
        val root = q["nodes"].asArray()!![0].asObject()!!
        assertNull(root["parentPath"])
        assertNull(root["accessibilityDataSensitive"])
        assertEquals("s1", q["snapshotId"])
    }

    @Test fun queryOverTheByteLimitFails() {
        val many = (0 until 1000).map { Fixtures.text("x".repeat(300) + it, "[0,0][10,10]") }.toTypedArray()
        val c = Capture(UiHierarchy.fromTree(listOf(Fixtures.frame("[0,0][1080,2400]", *many))))
        try {
            QueryUi.json(c, null, Visibility.ALL, 1000)
            fail()
        } catch (e: StepFailure) {
            assertEquals(ErrorCodes.PAYLOAD_TOO_LARGE, e.code)
        }
    }

    @Test fun matcherAliasesAreRenamedAndUnknownKeysRejected() {
        assertEquals("a", MatcherInput.validate(MatcherInput.normalize(Json.parse("""{"text":"a"}"""))).self.textEquals)
        try {
            MatcherInput.validate(Json.parse("""{"textEquals":"a","bogus":1}"""))
            fail()
        } catch (e: SchemaIssue) {
            assertEquals(listOf("bogus"), e.unrecognizedKeys)
        }
    }

    @Test fun blankMatcherIsRejected() {
        try {
            MatcherInput.validate(Json.parse("""{"textEquals":"  "}"""))
            fail()
        } catch (e: SchemaIssue) {
            assertTrue(e.message!!.contains("nonblank"))
        }
    }
}

import Foundation

// The server's unit tests (TestKit.swift: a program, not an XCTest bundle). Every `func test...` of every
// class here is listed; `make serve-test` fails when one is not (scripts/check-serve-tests).
let all: [TestEntry] =
    tests(
        AppFaultTests.self,
        [
            (
                "testAStepNeverAnsweredIsHungAtTheLimitAndTheGroupEnds",
                { try await $0.testAStepNeverAnsweredIsHungAtTheLimitAndTheGroupEnds() }
            ),
            (
                "testStdoutClosedWhileTheAppLivesEndsTheRun",
                { try await $0.testStdoutClosedWhileTheAppLivesEndsTheRun() }
            ),
            (
                "testACrashWithAHelperHoldingThePipesIsSeenAndTheHelperEnds",
                { try await $0.testACrashWithAHelperHoldingThePipesIsSeenAndTheHelperEnds() }
            ),
            (
                "testRestartEndsAStepThatWaitsForeverAtOnce",
                { try await $0.testRestartEndsAStepThatWaitsForeverAtOnce() }
            ),
            ("testAFloodOfStderrKeepsOnlyATail", { try await $0.testAFloodOfStderrKeepsOnlyATail() }),
            (
                "testTheAppStartsWithNoSignalBlockedInAGroupOfItsOwn",
                { try await $0.testTheAppStartsWithNoSignalBlockedInAGroupOfItsOwn() }
            ),
        ])
    + tests(
        ChildRunTests.self,
        [
            ("testOutputAndExitCodeAreRead", { $0.testOutputAndExitCodeAreRead() }),
            ("testTheTimeLimitEndsTheGroup", { try $0.testTheTimeLimitEndsTheGroup() }),
            ("testAProgramThatCannotStartSaysWhy", { $0.testAProgramThatCannotStartSaysWhy() }),
        ])
    + tests(
        AppProcessTests.self,
        [
            (
                "testExitDuringAStepNamesTheStepAndTheAppsLastWords",
                { try await $0.testExitDuringAStepNamesTheStepAndTheAppsLastWords() }
            ),
            ("testASignalIsACrashAtItsStep", { try await $0.testASignalIsACrashAtItsStep() }),
            ("testAnEndBetweenStepsIsReapedOnce", { try await $0.testAnEndBetweenStepsIsReapedOnce() }),
        ])
    + tests(
        ConnectionLimitsTests.self,
        [
            ("testDefaults", { try $0.testDefaults() }),
            ("testOptions", { try $0.testOptions() }),
            ("testBadValues", { $0.testBadValues() }),
            ("testTheMaximumFitsTheOpenFileLimit", { $0.testTheMaximumFitsTheOpenFileLimit() }),
        ])
    + tests(
        FileWatcherTests.self,
        [
            (
                "testAFolderCreatedLaterIsWatchedOnceItAppears",
                { try $0.testAFolderCreatedLaterIsWatchedOnceItAppears() }
            )
        ])
    + tests(
        RebuildTests.self,
        [
            ("testCompilerMessagesAreReadFromTheOutput", { $0.testCompilerMessagesAreReadFromTheOutput() }),
            (
                "testRebuildOptionsFollowTheAppsPathUpToTheDoubleDash",
                { try $0.testRebuildOptionsFollowTheAppsPathUpToTheDoubleDash() }
            ),
            ("testABuildPastItsLimitEndsWithItsGroup", { try await $0.testABuildPastItsLimitEndsWithItsGroup() }),
            (
                "testTheBuildsOutputIsBoundedAndItsChildIsClean",
                { try await $0.testTheBuildsOutputIsBoundedAndItsChildIsClean() }
            ),
            ("testCancelEndsTheBuildAtOnce", { try await $0.testCancelEndsTheBuildAtOnce() }),
            ("testTerminateNowEndsTheBuildsGroup", { try await $0.testTerminateNowEndsTheBuildsGroup() }),
            ("testALookRestartReplacesTheAppsTheme", { $0.testALookRestartReplacesTheAppsTheme() }),
            (
                "testASaveRebuildsAndReplaysTheWalkAndAFailedBuildLeavesTheAppRunning",
                { try await $0.testASaveRebuildsAndReplaysTheWalkAndAFailedBuildLeavesTheAppRunning() }
            ),
        ])
    + tests(
        GroupsTests.self,
        [
            (
                "testTheGroupsAreRenderChecksAndFollowAnAcceptedGroup",
                { try await $0.testTheGroupsAreRenderChecksAndFollowAnAcceptedGroup() }
            )
        ])
    + tests(
        LiveOptionsTests.self,
        [
            ("testAppTakesTheRestOfTheLine", { try $0.testAppTakesTheRestOfTheLine() }),
            ("testAppNeedsAPath", { $0.testAppNeedsAPath() }),
        ])
    + tests(
        PageFilesTests.self,
        [
            ("testEveryPageFileIsEmbedded", { try $0.testEveryPageFileIsEmbedded() }),
            ("testPageDirOption", { try $0.testPageDirOption() }),
        ])
    + tests(
        ProtocolTests.self,
        [
            ("testPageMessagesDecodeToTheirCase", { try $0.testPageMessagesDecodeToTheirCase() }),
            ("testMalformedMessagesKeepTheirReasons", { $0.testMalformedMessagesKeepTheirReasons() }),
            ("testLiveStepsAreCheckedAndRebuilt", { try $0.testLiveStepsAreCheckedAndRebuilt() }),
            (
                "testServerMessagesCarryTheWorkersJSONAsItIs",
                { try $0.testServerMessagesCarryTheWorkersJSONAsItIs() }
            ),
            ("testWorkerRequestsAndAnswersRoundTrip", { $0.testWorkerRequestsAndAnswersRoundTrip() }),
        ])
    + tests(
        SchemaTests.self,
        [
            ("testTheSchemaIsWrittenFromTheTypes", { try $0.testTheSchemaIsWrittenFromTheTypes() }),
            ("testThePageTypesNameTheWorkersAnswers", { try $0.testThePageTypesNameTheWorkersAnswers() }),
        ])
    + tests(
        ServerTests.self,
        [
            ("testHostAndOriginAreChecked", { try await $0.testHostAndOriginAreChecked() }),
            ("testASaveIsANewFrame", { try await $0.testASaveIsANewFrame() }),
            ("testHoverAndSelectAnswerTheInspector", { try await $0.testHoverAndSelectAnswerTheInspector() }),
            ("testAMalformedMessageClosesThatPage", { try await $0.testAMalformedMessageClosesThatPage() }),
            (
                "testALiveStepIsAnsweredAndEveryEndIsShownUntilRestart",
                { try await $0.testALiveStepIsAnsweredAndEveryEndIsShownUntilRestart() }
            ),
        ])
    + tests(
        ServeCoreTests.self,
        [
            ("testSessionNamesCannotLeaveTheFolder", { try $0.testSessionNamesCannotLeaveTheFolder() }),
            ("testListingSkipsLinksAndOtherFiles", { try $0.testListingSkipsLinksAndOtherFiles() }),
            ("testWireRoundTrip", { $0.testWireRoundTrip() }),
            ("testGuardRefusesOtherHostsAndOrigins", { $0.testGuardRefusesOtherHostsAndOrigins() }),
            ("testViewValuesAreChecked", { try $0.testViewValuesAreChecked() }),
            ("testMailboxKeepsOneMessagePerSlot", { await $0.testMailboxKeepsOneMessagePerSlot() }),
        ])

await runTests(all)

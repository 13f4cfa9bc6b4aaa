// The script a new story starts from, apart from the editor's code: My stories creates drafts with it.

/** A small story to start from: two choices, two endings, a speaker tag, each line a lesson. */
export const STARTER_SCRIPT = `// Lines starting with // are notes to yourself; players never see them.
The tide is out, further than anyone remembers.
# speaker: Wren
"Are you coming or not?"
* [Follow Wren onto the sand] -> sand
* [Stay on the pier] -> pier

== sand ==
The wet sand is warm. Far out, something glints.
-> END

== pier ==
You watch her go until she is a dot on the shining flats.
-> END
`;

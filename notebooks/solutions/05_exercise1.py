# Solution to 05-x-values, exercise 1.
answers1 = {
    "Hangarback Walker cast with X=3": 3,
    "Chalice of the Void cast with X=1": 1,
    "Clone copying a Walking Ballista that was cast with X=4": 0,  # no X for the copy: dies as a 0/0
    "The Goose Mother returned by Order of Whiteclay": 0,  # a 2/2 with no counters
}
print(check_number_answers(answers1, cases1))

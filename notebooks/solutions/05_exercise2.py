# Solution to 05-x-values, exercise 2.
answers2 = {
    "The Goose Mother cast with X=3": 2,  # half of 3, rounded up
    "The Goose Mother cast with X=4": 2,
    "Clone copying a Goose Mother cast with X=5": 0,  # the copy's X is 0
    "The Goose Mother returned by Order of Whiteclay": 0,
}
print(check_number_answers(answers2, cases2))

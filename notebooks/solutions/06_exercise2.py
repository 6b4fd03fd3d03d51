# Solution to 06-the-monarch, exercise 2.
with_lich, without_lich = "Alice", "Alice"  # the trigger's controller was fixed when it triggered
print(check_draw_race(with_lich, without_lich))

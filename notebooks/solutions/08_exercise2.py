# Solution to 08-practice, exercise 2 (tapping, hard, seed 8). Question 5 crosses the topic with X
# (how many counters the Walking Ballista gets, and what is left in Alice's mana pool); questions 2
# and 3 with {Q} (can Alice still use Pili-Pala's {2}, {Q} ability?).
answers2 = ["{R}{G}{G}", "Alice's mana pool holds {G}{G}{G}; she can't activate it", "Alice's mana pool holds {G}{G}{G}{G}{G}{G}; she can't activate it", "{G}{G}{G}{C}{C}", "her Walking Ballista has 3 +1/+1 counters; Alice's mana pool is empty"]  # mana symbols in any order
print(check_practice(answers2, questions2))

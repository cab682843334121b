import Quire
print("quire")
